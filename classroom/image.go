package classroom

import (
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"io"
	"strings"
)

// Palette of the board pictures (FrameImage, FrameSVG): the board's light
// and dark squares, attacked squares in a darker shade of each and
// crossed, the square tested in the Okabe–Ito blue with a frame, queens
// black, a queen in conflict vermillion. Attacked and free squares differ
// in lightness and by the cross, not by hue alone.
var Palette = color.Palette{
	color.RGBA{0xff, 0xff, 0xff, 0xff}, // 0 background
	color.RGBA{0xf0, 0xd9, 0xb5, 0xff}, // 1 light square
	color.RGBA{0xb5, 0x88, 0x63, 0xff}, // 2 dark square
	color.RGBA{0xc9, 0xb8, 0x9b, 0xff}, // 3 attacked light
	color.RGBA{0x85, 0x64, 0x49, 0xff}, // 4 attacked dark
	color.RGBA{0x56, 0xb4, 0xe9, 0xff}, // 5 tested (sky blue)
	color.RGBA{0x1d, 0x1d, 0x1d, 0xff}, // 6 queen, lines
	color.RGBA{0xe6, 0x9f, 0x00, 0xff}, // 7 crown (orange)
	color.RGBA{0xd5, 0x5e, 0x00, 0xff}, // 8 conflict (vermillion)
	color.RGBA{0x00, 0x72, 0xb2, 0xff}, // 9 frame of the tested square (blue)
}

var markFill = map[byte][2]uint8{'.': {1, 2}, 'Q': {1, 2}, '!': {1, 2}, 'x': {3, 4}, '?': {5, 5}}

// FrameImage draws frame f as a paletted picture, cell pixels a square:
// the board as Frame.Board marks it, queens as discs with a crown, crosses
// on attacked squares, the tested square framed. It is the picture of a
// step for slides (PNG) and of a frame of an animation (GIF).
func FrameImage(f Frame, cell int) *image.Paletted {
	n := f.N
	border := cell / 4
	size := n*cell + 2*border
	img := image.NewPaletted(image.Rect(0, 0, size, size), Palette)
	for r := 0; r < n && r < len(f.Board); r++ {
		for c := 0; c < n && c < len(f.Board[r]); c++ {
			m := f.Board[r][c]
			x0, y0 := border+c*cell, border+r*cell
			fill := markFill[m][(r+c)%2]
			fillRect(img, x0, y0, cell, cell, fill)
			switch m {
			case 'x':
				for k := cell / 4; k < cell-cell/4; k++ {
					for w := 0; w < max(1, cell/16); w++ {
						img.SetColorIndex(x0+k+w, y0+k, 6)
						img.SetColorIndex(x0+cell-1-k-w, y0+k, 6)
					}
				}
			case '?':
				t := max(2, cell/12)
				fillRect(img, x0, y0, cell, t, 9)
				fillRect(img, x0, y0+cell-t, cell, t, 9)
				fillRect(img, x0, y0, t, cell, 9)
				fillRect(img, x0+cell-t, y0, t, cell, 9)
			case 'Q', '!':
				col := uint8(6)
				if m == '!' {
					col = 8
				}
				disc(img, x0+cell/2, y0+cell/2+cell/12, cell*3/10, col)
				disc(img, x0+cell/2, y0+cell/2+cell/12, cell/8, 7)
				disc(img, x0+cell/2, y0+cell/5, cell/10, col)
			}
		}
	}
	return img
}

func fillRect(img *image.Paletted, x, y, w, h int, idx uint8) {
	for j := y; j < y+h; j++ {
		for i := x; i < x+w; i++ {
			img.SetColorIndex(i, j, idx)
		}
	}
}

func disc(img *image.Paletted, cx, cy, rad int, idx uint8) {
	for j := -rad; j <= rad; j++ {
		for i := -rad; i <= rad; i++ {
			if i*i+j*j <= rad*rad {
				img.SetColorIndex(cx+i, cy+j, idx)
			}
		}
	}
}

// GIF collects frames into an animated GIF (standard library image/gif):
// one picture a frame, Delay hundredths of a second each, the last held
// three times as long.
type GIF struct {
	Cell  int // pixels a square
	Delay int // hundredths of a second a frame
	anim  gif.GIF
}

// Add adds frame f as the next picture.
func (g *GIF) Add(f Frame) {
	g.anim.Image = append(g.anim.Image, FrameImage(f, g.Cell))
	g.anim.Delay = append(g.anim.Delay, g.Delay)
}

// Len is the number of pictures added.
func (g *GIF) Len() int { return len(g.anim.Image) }

// Encode writes the animation, looping forever.
func (g *GIF) Encode(w io.Writer) error {
	if len(g.anim.Image) == 0 {
		return fmt.Errorf("classroom: an animation without frames")
	}
	g.anim.Delay[len(g.anim.Delay)-1] *= 3
	defer func() { g.anim.Delay[len(g.anim.Delay)-1] /= 3 }()
	return gif.EncodeAll(w, &g.anim)
}

// FrameSVG draws frame f as an SVG picture, square for square the
// picture of FrameImage (attacked squares crossed, the tested square
// framed, queens in conflict in vermillion), with file letters and rank
// numbers, the step's text as its title and each square named for a
// screen reader ("c4: queen").
func FrameSVG(w io.Writer, f Frame, title string) error {
	const sq, margin = 40, 24
	n := f.N
	size := n*sq + 2*margin
	hex := func(i int) string {
		c := Palette[i].(color.RGBA)
		return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B)
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<?xml version="1.0" encoding="UTF-8"?>`+"\n")
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" role="img" aria-label="%s">`+"\n", size, size, size, size, xmlEscape(title))
	fmt.Fprintf(&b, "<title>%s</title>\n", xmlEscape(title))
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#ffffff"/>`+"\n", size, size)
	words := map[byte]string{'Q': "queen", '!': "queen under attack", '?': "being tested", 'x': "attacked", '.': "free"}
	for r := 0; r < n && r < len(f.Board); r++ {
		for c := 0; c < n && c < len(f.Board[r]); c++ {
			m := f.Board[r][c]
			x, y := margin+c*sq, margin+r*sq
			fmt.Fprintf(&b, `<g class="sq" data-mark="%c" aria-label="%s: %s"><rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>`, m, Name(n, r, c), words[m], x, y, sq, sq, hex(int(markFill[m][(r+c)%2])))
			switch m {
			case 'x':
				fmt.Fprintf(&b, `<path d="M%d %d l20 20 m0 -20 l-20 20" stroke="%s" stroke-width="2"/>`, x+10, y+10, hex(6))
			case '?':
				fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="%s" stroke-width="4"/>`, x+2, y+2, sq-4, sq-4, hex(9))
			case 'Q', '!':
				col := hex(6)
				if m == '!' {
					col = hex(8)
				}
				fmt.Fprintf(&b, `<circle class="queen" cx="%d" cy="%d" r="12" fill="%s"/><path d="M%d %d l4 -10 l4 6 l4 -8 l4 8 l4 -6 l4 10 z" fill="%s"/>`, x+sq/2, y+sq/2+2, col, x+sq/2-12, y+sq/2+4, hex(7))
			}
			b.WriteString("</g>\n")
		}
	}
	if n <= 26 {
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, `<text x="%d" y="%d" font-family="sans-serif" font-size="13" text-anchor="middle">%c</text>`+"\n", margin+i*sq+sq/2, margin-8, 'a'+i)
			fmt.Fprintf(&b, `<text x="%d" y="%d" font-family="sans-serif" font-size="13" text-anchor="middle">%d</text>`+"\n", margin/2, margin+i*sq+sq/2+5, i+1)
		}
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func xmlEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '&':
			b.WriteString("&amp;")
		case '"':
			b.WriteString("&quot;")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
