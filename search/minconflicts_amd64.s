//go:build !purego

#include "textflag.h"

// func mcPrefetch(addr uintptr)
TEXT ·mcPrefetch(SB), NOSPLIT, $0-8
	MOVQ addr+0(FP), AX
	PREFETCHT0 (AX)
	RET
