package main

import (
	"bufio"
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"fmt"
	"io"

	"github.com/ulikunitz/xz"

	"github.com/qtool-project/qtool/internal/textin"
)

// decompress returns a reader of r's content, uncompressed when r starts
// with the magic number of gzip (1f 8b), bzip2 ("BZh") or xz (fd "7zXZ"
// 00), as minisat and CaDiCaL read such files whatever their names; and
// the format's name ("" for plain text). gzip and bzip2 come from the
// standard library, xz from the pure-Go module github.com/ulikunitz/xz
// (no outside program is run). A damaged stream is an error of the reads.
// binaryAt returns the offset of the first byte that no text file holds
// (NUL and the control characters but tab, newline, form feed and
// carriage return), or -1.
func binaryAt(b []byte) int {
	for i, c := range b {
		if c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' || c == 0x7f {
			return i
		}
	}
	return -1
}

func decompress(r io.Reader, name string) (io.Reader, string, error) {
	br := bufio.NewReaderSize(r, 1<<16)
	head, _ := br.Peek(6)
	switch {
	case bytes.HasPrefix(head, []byte{0x1f, 0x8b}):
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, "gzip", fmt.Errorf("gzip: %v", err)
		}
		return zr, "gzip", nil
	case bytes.HasPrefix(head, []byte("BZh")):
		return bzip2.NewReader(br), "bzip2", nil
	case bytes.HasPrefix(head, []byte{0xfd, '7', 'z', 'X', 'Z', 0}):
		zr, err := xz.NewReader(br)
		if err != nil {
			return nil, "xz", fmt.Errorf("xz: %v", err)
		}
		return zr, "xz", nil
	case bytes.HasPrefix(head, []byte{0x28, 0xb5, 0x2f, 0xfd}):
		return nil, "zstd", &textin.Error{File: name, Line: 1, Col: 1, Msg: "not a text DIMACS file: zstd-compressed (qtool reads plain, gzip, bzip2 and xz files): decompress it first, e.g. zstd -d FILE"}
	}
	if text, _ := br.Peek(4096); binaryAt(text) >= 0 {
		i := binaryAt(text)
		line := 1 + bytes.Count(text[:i], []byte("\n"))
		col := i - bytes.LastIndexByte(text[:i], '\n')
		return nil, "", &textin.Error{File: name, Line: line, Col: col, Msg: fmt.Sprintf("not a text DIMACS file: binary data (byte 0x%02x; qtool reads plain, gzip, bzip2 and xz DIMACS CNF)", text[i])}
	}
	return br, "", nil
}
