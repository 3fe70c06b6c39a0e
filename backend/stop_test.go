package backend_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/qtool-project/qtool/backend"
)

func TestStopStatus(t *testing.T) {
	live := context.Background()
	cancelled, cancel := context.WithCancel(live)
	cancel()
	expired, cancel2 := context.WithTimeout(live, -time.Second)
	defer cancel2()
	guard := fmt.Errorf("reading: %w", context.DeadlineExceeded)
	for _, c := range []struct {
		name string
		ctx  context.Context
		err  error
		want backend.Status
	}{
		{"live, the guard's time limit", live, guard, backend.Timeout},
		{"live, the guard's cancellation", live, context.Canceled, backend.Interrupted},
		{"live, another error", live, errors.New("x"), backend.Interrupted},
		{"cancelled, the guard's time limit", cancelled, guard, backend.Interrupted},
		{"expired, cancelled read", expired, context.Canceled, backend.Timeout},
	} {
		if got := backend.StopStatus(c.ctx, c.err); got != c.want {
			t.Errorf("%s: StopStatus = %v, want %v", c.name, got, c.want)
		}
	}
}
