package peer

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// killGrace is how long a run waits, after killing a program's group, for
// its pipes to close.
const killGrace = 2 * time.Second

// tail keeps the last max bytes written to it: a program's standard
// error, for the messages.
type tail struct {
	mu  sync.Mutex
	b   []byte
	max int
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, p...)
	if len(t.b) > t.max {
		t.b = t.b[len(t.b)-t.max:]
	}
	return len(p), nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := strings.TrimSpace(string(t.b))
	if s == "" {
		return ""
	}
	return ": " + strings.ReplaceAll(s, "\n", " | ")
}

// pipeline is one run of programs connected by pipes (gringo | clasp, or
// a single program), all in one process group that dies with the context.
type pipeline struct {
	Dir string
	// In writes the first program's standard input (nil: none).
	In func(io.Writer) error
	// Out reads the last program's standard output as it comes; when it
	// returns before the end (it has what it wants), the group is killed.
	Out    func(io.Reader) error
	Stages [][]string
	// Pgid, after Run, is the process group the programs ran in.
	Pgid int
}

// errStopped is what Run returns when Out stopped the programs.
var errStopped = errors.New("peer: stopped by the reader")

// Run runs the stages and returns the exit codes of each (-1 for one
// killed by a signal). The group is killed when ctx ends, when Out
// returns, and once the last program has ended (whatever a program left
// behind dies with it). A program that cannot start is an error; the
// exit codes are the caller's to judge, with the end of each standard
// error in stderr.
func (p *pipeline) Run(ctx context.Context) (codes []int, stderr []string, err error) {
	var closers []io.Closer
	defer func() {
		for _, c := range closers {
			c.Close()
		}
	}()
	cmds, tails, closers, err := p.commands(ctx)
	if err != nil {
		return nil, nil, err
	}
	var stdin io.WriteCloser
	var stdout io.ReadCloser
	var err0 error
	if p.In != nil {
		if stdin, err0 = cmds[0].StdinPipe(); err0 != nil {
			return nil, nil, fmt.Errorf("peer: %v", err0)
		}
	}
	if stdout, err0 = cmds[len(cmds)-1].StdoutPipe(); err0 != nil {
		return nil, nil, fmt.Errorf("peer: %v", err0)
	}
	if err := p.start(cmds); err != nil {
		return nil, nil, err
	}
	for _, c := range closers {
		c.Close() // the children hold their ends
	}
	closers = nil
	wrote := make(chan error, 1)
	if stdin != nil {
		go func() {
			err := p.In(stdin)
			if cerr := stdin.Close(); err == nil {
				err = cerr
			}
			wrote <- err
		}()
	} else {
		wrote <- nil
	}
	readErr := p.Out(stdout)
	if readErr != nil {
		killGroup(p.Pgid)
	}
	_, _ = io.Copy(io.Discard, stdout)
	codes = waitAll(cmds)
	killGroup(p.Pgid)
	<-wrote // a write to a program that ended fails; its answer counts
	for _, t := range tails {
		stderr = append(stderr, t.String())
	}
	if readErr != nil && readErr != errStopped {
		return codes, stderr, readErr
	}
	return codes, stderr, nil
}

// commands makes the commands of the stages, each keeping the end of its
// standard error in a tail, joined by pipes whose ends the caller closes
// (closers, also when err is not nil) once the commands have started.
func (p *pipeline) commands(ctx context.Context) (cmds []*exec.Cmd, tails []*tail, closers []io.Closer, err error) {
	cmds = make([]*exec.Cmd, len(p.Stages))
	tails = make([]*tail, len(p.Stages))
	for i, argv := range p.Stages {
		cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
		cmd.Dir = p.Dir
		cmd.WaitDelay = killGrace
		tails[i] = &tail{max: 4096}
		cmd.Stderr = tails[i]
		cmds[i] = cmd
	}
	// Pipes between the stages.
	for i := 0; i+1 < len(cmds); i++ {
		r, w, err := os.Pipe()
		if err != nil {
			return nil, nil, closers, fmt.Errorf("peer: %v", err)
		}
		closers = append(closers, r, w)
		cmds[i].Stdout = w
		cmds[i+1].Stdin = r
	}
	return cmds, tails, closers, nil
}

// start starts the commands in one process group (p.Pgid, the first
// one's); when one fails to start, the group is killed and the ones
// started are waited for.
func (p *pipeline) start(cmds []*exec.Cmd) error {
	p.Pgid = 0
	for i, cmd := range cmds {
		joinGroup(cmd, &p.Pgid)
		if err := cmd.Start(); err != nil {
			killGroup(p.Pgid)
			for _, c := range cmds[:i] {
				_ = c.Wait()
			}
			return fmt.Errorf("peer: %s: %v", p.Stages[i][0], err)
		}
		if i == 0 {
			p.Pgid = cmd.Process.Pid
		}
	}
	return nil
}

// waitAll waits for the commands and returns their exit statuses: −1 for
// one that ended without a status of its own (killed by a signal) or
// failed to be waited for.
func waitAll(cmds []*exec.Cmd) []int {
	codes := make([]int, len(cmds))
	for i, cmd := range cmds {
		werr := cmd.Wait()
		codes[i] = cmd.ProcessState.ExitCode()
		if werr != nil && codes[i] == 0 {
			codes[i] = -1
		}
	}
	return codes
}

// writeFile writes a file in dir with what f writes.
func writeFile(dir, name string, f func(io.Writer) error) (string, error) {
	var b bytes.Buffer
	if err := f(&b); err != nil {
		return "", err
	}
	path := dir + string(os.PathSeparator) + name
	return path, os.WriteFile(path, b.Bytes(), 0o600)
}
