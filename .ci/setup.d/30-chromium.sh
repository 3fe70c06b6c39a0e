# Headless Chromium for the browser test of the classroom page
# (classroom/play, through github.com/chromedp/chromedp); the test skips
# with a message when it is absent.
ci_apt_install chromium
