//go:build linux

package search

import (
	"syscall"
	"unsafe"
)

// mcHugePages asks the kernel to back the memory of a large slice with
// transparent huge pages (madvise(2) with MADV_HUGEPAGE, Linux's
// Documentation/admin-guide/mm/transhuge.rst): the search reads its arrays
// at random places, and with 4 KiB pages nearly every read on a board of
// 10⁹ queens misses the TLB as well as the cache. It is only a hint, given
// before the memory is first touched; an error (a kernel without huge
// pages) is ignored. Slices under 4 MiB are left alone.
func mcHugePages[T any](s []T) {
	var zero T
	size := uintptr(cap(s)) * unsafe.Sizeof(zero)
	if size < 4<<20 {
		return
	}
	const page = 4096
	p := unsafe.Pointer(unsafe.SliceData(s))
	skip := (page - uintptr(p)%page) % page
	length := (size - skip) &^ (page - 1)
	_ = syscall.Madvise(unsafe.Slice((*byte)(unsafe.Add(p, skip)), length), syscall.MADV_HUGEPAGE)
}
