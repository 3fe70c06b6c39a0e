package experiments

import (
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

	"github.com/qtool-project/qtool/encode"
)

// LoadInstancesFS is LoadInstances over the root of a file system (such
// as the instances embedded in the binary, qtool.Prob079), the boards
// named in messages as under dir.
func LoadInstancesFS(fsys fs.FS, dir string) ([]Case, error) {
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, fmt.Errorf("experiments: instances: %s: %w", dir, err)
	}
	var names []string
	for _, e := range entries {
		if e.Type().IsRegular() && (strings.HasSuffix(e.Name(), ".qpos") || strings.HasSuffix(e.Name(), ".txt")) {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	var ps []Case
	for _, name := range names {
		where := path.Join(dir, name)
		f, err := fsys.Open(name)
		if err != nil {
			return nil, fmt.Errorf("experiments: instances: %w", err)
		}
		in, err := encode.ParseInstance(f, where)
		f.Close()
		if err != nil {
			return nil, err
		}
		if !in.Plain() {
			return nil, fmt.Errorf("experiments: instances: %s has blocked squares or excluded diagonals; only plain completion boards are decided here", where)
		}
		ps = append(ps, Case{Name: name, Board: in.Board})
	}
	if len(ps) == 0 {
		return nil, fmt.Errorf("experiments: instances: no .qpos or .txt board in %s", dir)
	}
	return ps, nil
}
