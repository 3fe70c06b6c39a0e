package classroom

import (
	"context"
	"errors"
	"fmt"
	"image/png"
	"io"
	"os"
	"path/filepath"

	"github.com/qtool-project/qtool/classroom/i18n"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/internal/safeout"
)

// MaxGIFFrames bounds an animation: more frames than this make a file too
// large for a slide (and hold every picture in memory until written).
const MaxGIFFrames = 1000

// ErrTooManyFrames is the TraceError (Kind "gif") of a trace that shows
// more than MaxGIFFrames boards; ErrNoFrames that of one that shows none.
var (
	ErrTooManyFrames = fmt.Errorf("classroom: the trace shows more than %d boards, too many for an animation", MaxGIFFrames)
	ErrNoFrames      = errors.New("classroom: the trace showed no board")
)

// pictures writes the frames of a trace as pictures: an animated GIF and a
// numbered series of SVG and PNG files.
type pictures struct {
	gifPath, dir string
	cat          *i18n.Catalogue
	anim         GIF
	k            int
}

func newPictures(gifPath, dir string, n int, cat *i18n.Catalogue) *pictures {
	cell := max(8, min(48, 480/max(n, 1)))
	return &pictures{gifPath: gifPath, dir: dir, cat: cat, anim: GIF{Cell: cell, Delay: 70}}
}

func (p *pictures) add(f Frame) error {
	p.k++
	if p.gifPath != "" {
		if p.anim.Len() >= MaxGIFFrames {
			return &TraceError{Kind: "gif", Err: ErrTooManyFrames}
		}
		p.anim.Add(f)
	}
	if p.dir == "" {
		return nil
	}
	if p.k == 1 {
		if err := os.MkdirAll(p.dir, 0o755); err != nil {
			return &TraceError{Kind: "frames", Err: err}
		}
	}
	base := filepath.Join(p.dir, fmt.Sprintf("step-%04d", p.k))
	title := p.cat.T("text.step", f.Step, f.Text)
	if err := safeout.WriteFile(base+".svg", func(w io.Writer) error { return FrameSVG(w, f, title) }); err != nil {
		return &TraceError{Kind: "frames", Err: err}
	}
	img := FrameImage(f, p.anim.Cell)
	if err := safeout.WriteFile(base+".png", func(w io.Writer) error { return png.Encode(w, img) }); err != nil {
		return &TraceError{Kind: "frames", Err: err}
	}
	return nil
}

func (p *pictures) finish() error {
	if p.gifPath == "" {
		return nil
	}
	if p.anim.Len() == 0 {
		return &TraceError{Kind: "gif", Err: ErrNoFrames}
	}
	if err := safeout.WriteFile(p.gifPath, p.anim.Encode); err != nil {
		return &TraceError{Kind: "gif", Err: err}
	}
	return nil
}

// writeTreeFile draws the search tree of method on b up to event at into
// the file path.
func writeTreeFile(ctx context.Context, path, method string, b encode.Board, at uint64, cat *i18n.Catalogue) error {
	t, err := BuildTree(ctx, method, b, Options{Lang: cat}, at)
	if err != nil {
		return err
	}
	return safeout.WriteFile(path, func(w io.Writer) error { return TreeSVG(w, t) })
}
