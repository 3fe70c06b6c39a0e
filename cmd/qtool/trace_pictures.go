package main

import (
	"context"
	"fmt"
	"image/png"
	"io"
	"os"
	"path/filepath"

	"github.com/qtool-project/qtool/classroom"
	"github.com/qtool-project/qtool/classroom/i18n"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/internal/safeout"
)

// maxGIFFrames bounds an animation: more frames than this make a file
// too large for a slide (and hold every picture in memory until written).
const maxGIFFrames = 1000

// tracePictures writes the frames of qtool trace as pictures: an animated
// GIF and a numbered series of SVG and PNG files.
type tracePictures struct {
	gifPath, dir string
	cat          *i18n.Catalogue
	anim         classroom.GIF
	k            int
}

func newTracePictures(gifPath, dir string, n int, cat *i18n.Catalogue) *tracePictures {
	cell := max(8, min(48, 480/max(n, 1)))
	return &tracePictures{gifPath: gifPath, dir: dir, cat: cat, anim: classroom.GIF{Cell: cell, Delay: 70}}
}

func (p *tracePictures) add(f classroom.Frame) error {
	p.k++
	if p.gifPath != "" {
		if p.anim.Len() >= maxGIFFrames {
			return usageErrorf("--gif: the trace shows more than %d boards, too many for an animation; stop it sooner with --steps K", maxGIFFrames)
		}
		p.anim.Add(f)
	}
	if p.dir == "" {
		return nil
	}
	if p.k == 1 {
		if err := os.MkdirAll(p.dir, 0o755); err != nil {
			return usageErrorf("--frames: %v", err)
		}
	}
	base := filepath.Join(p.dir, fmt.Sprintf("step-%04d", p.k))
	title := p.cat.T("text.step", f.Step, f.Text)
	if err := safeout.WriteFile(base+".svg", func(w io.Writer) error { return classroom.FrameSVG(w, f, title) }); err != nil {
		return usageErrorf("--frames: %v", err)
	}
	img := classroom.FrameImage(f, p.anim.Cell)
	if err := safeout.WriteFile(base+".png", func(w io.Writer) error { return png.Encode(w, img) }); err != nil {
		return usageErrorf("--frames: %v", err)
	}
	return nil
}

func (p *tracePictures) finish() error {
	if p.gifPath == "" {
		return nil
	}
	if p.anim.Len() == 0 {
		return usageErrorf("--gif: the trace showed no board")
	}
	if err := safeout.WriteFile(p.gifPath, p.anim.Encode); err != nil {
		return usageErrorf("--gif: %v", err)
	}
	return nil
}

// writeTraceTree draws the search tree of the trace up to event at.
func writeTraceTree(ctx context.Context, path, method string, b encode.Board, at uint64, cat *i18n.Catalogue) error {
	t, err := classroom.BuildTree(ctx, method, b, classroom.Options{Lang: cat}, at)
	if err != nil {
		return usageErrorf("--tree: %v", err)
	}
	if err := safeout.WriteFile(path, func(w io.Writer) error { return classroom.TreeSVG(w, t) }); err != nil {
		return usageErrorf("--tree: %v", err)
	}
	return nil
}
