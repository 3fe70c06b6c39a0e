# pdflatex with booktabs and graphicx for the page tests of the LaTeX tables
# (results: TestLaTeXPage, TestLaTeXCompiles check that the tables compile
# and fit the line), and pdftoppm to render the pages to PNG (-pages DIR);
# the tests skip with a message when they are absent.
ci_apt_install texlive-latex-base texlive-latex-recommended poppler-utils
