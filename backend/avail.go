package backend

import "errors"

// Unavailable returns why backend b cannot run on this machine (an
// external program it needs is not installed), or nil when it can: a
// backend that may be unavailable has a method Available() error.
func Unavailable(b Backend) error {
	if a, ok := b.(interface{ Available() error }); ok {
		return a.Available()
	}
	return nil
}

// UnavailableReason says what err, from Unavailable, lacks, in words for
// users: the error's Reason() where it has one (sat.UnavailableError).
func UnavailableReason(err error) string {
	var r interface{ Reason() string }
	if errors.As(err, &r) {
		return r.Reason()
	}
	return err.Error()
}
