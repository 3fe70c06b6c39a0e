//go:build !purego

#include "textflag.h"
#include "join_amd64.h"

// The join's wide kernel (see disjointWide in join_wide.go): for every
// query y of ys, the patterns disjoint from y in the blocks of the panel
// lo..hi−1 that its key's prefix reaches (512 patterns a block, entries of
// 64 bytes, tab pointing at block lo) are the bits of the AND of its
// chunks' entries; the popcounts are summed with AVX-512 (VPOPCNTQ), the
// offsets computed with BMI2 (SHRX) and the sum folded with AVX2. The
// arguments (joinWideArgs, all 8 bytes):
//   0 start   8 ks   16 keyMask   24 blockBytes   32 words (out, added to)
//   40.. base[5] (byte offsets)   80.. shift[5]   120.. mask[5]
//   160 lo   168 hi (the panel of blocks)

// OFFSET computes chunk k's entry offset of query DX into reg.
#define OFFSET(k, reg) ENTRY(k, reg, 6)

// PREFIX sets R13 to the blocks query DX needs among the panel's (blocks
// lo..hi−1, the table starting at block lo), jumping to skip if none.
#define PREFIX(skip) \
	KEYEND(AX) \
	ADDQ $511, R13 \
	SHRQ $9, R13 \
	MOVQ 168(BX), AX \
	CMPQ R13, AX \
	CMOVQGT AX, R13 \
	SUBQ 160(BX), R13 \
	JLE skip \
	ADDQ R13, 32(BX)

#define HSUM \
	VEXTRACTI64X4 $1, Z2, Y3 \
	VPADDQ Y3, Y2, Y2 \
	VEXTRACTI128 $1, Y2, X3 \
	VPADDQ X3, X2, X2 \
	VPSHUFD $0x4e, X2, X3 \
	VPADDQ X3, X2, X2 \
	VMOVQ X2, AX \
	VZEROUPPER

// func joinQueries4(tab *uint64, ys []uint64, a *joinWideArgs) uint64
TEXT ·joinQueries4(SB), NOSPLIT, $0-48
	MOVQ tab+0(FP), SI
	MOVQ ys_base+8(FP), DI
	MOVQ ys_len+16(FP), R15
	MOVQ a+32(FP), BX
	VPXORQ Z2, Z2, Z2
	TESTQ R15, R15
	JZ done4
loop4:
	MOVQ (DI), DX
	PREFIX(next4)
	OFFSET(0, R8)
	OFFSET(1, R9)
	OFFSET(2, R10)
	OFFSET(3, R11)
	MOVQ SI, R14
	MOVQ 24(BX), CX
inner4:
	VMOVDQU64 (R14)(R8*1), Z0
	VPANDQ (R14)(R9*1), Z0, Z0
	VPANDQ (R14)(R10*1), Z0, Z0
	VPANDQ (R14)(R11*1), Z0, Z0
	VPOPCNTQ Z0, Z1
	VPADDQ Z1, Z2, Z2
	ADDQ CX, R14
	DECQ R13
	JNZ inner4
next4:
	ADDQ $8, DI
	DECQ R15
	JNZ loop4
done4:
	HSUM
	MOVQ AX, ret+40(FP)
	RET

// func joinQueries5(tab *uint64, ys []uint64, a *joinWideArgs) uint64
TEXT ·joinQueries5(SB), NOSPLIT, $0-48
	MOVQ tab+0(FP), SI
	MOVQ ys_base+8(FP), DI
	MOVQ ys_len+16(FP), R15
	MOVQ a+32(FP), BX
	VPXORQ Z2, Z2, Z2
	TESTQ R15, R15
	JZ done5
loop5:
	MOVQ (DI), DX
	PREFIX(next5)
	OFFSET(0, R8)
	OFFSET(1, R9)
	OFFSET(2, R10)
	OFFSET(3, R11)
	OFFSET(4, R12)
	MOVQ SI, R14
	MOVQ 24(BX), CX
inner5:
	VMOVDQU64 (R14)(R8*1), Z0
	VPANDQ (R14)(R9*1), Z0, Z0
	VPANDQ (R14)(R10*1), Z0, Z0
	VPANDQ (R14)(R11*1), Z0, Z0
	VPANDQ (R14)(R12*1), Z0, Z0
	VPOPCNTQ Z0, Z1
	VPADDQ Z1, Z2, Z2
	ADDQ CX, R14
	DECQ R13
	JNZ inner5
next5:
	ADDQ $8, DI
	DECQ R15
	JNZ loop5
done5:
	HSUM
	MOVQ AX, ret+40(FP)
	RET

// func joinQueries3(tab *uint64, ys []uint64, a *joinWideArgs) uint64
TEXT ·joinQueries3(SB), NOSPLIT, $0-48
	MOVQ tab+0(FP), SI
	MOVQ ys_base+8(FP), DI
	MOVQ ys_len+16(FP), R15
	MOVQ a+32(FP), BX
	VPXORQ Z2, Z2, Z2
	TESTQ R15, R15
	JZ done3
loop3:
	MOVQ (DI), DX
	PREFIX(next3)
	OFFSET(0, R8)
	OFFSET(1, R9)
	OFFSET(2, R10)
	MOVQ SI, R14
	MOVQ 24(BX), CX
inner3:
	VMOVDQU64 (R14)(R8*1), Z0
	VPANDQ (R14)(R9*1), Z0, Z0
	VPANDQ (R14)(R10*1), Z0, Z0
	VPOPCNTQ Z0, Z1
	VPADDQ Z1, Z2, Z2
	ADDQ CX, R14
	DECQ R13
	JNZ inner3
next3:
	ADDQ $8, DI
	DECQ R15
	JNZ loop3
done3:
	HSUM
	MOVQ AX, ret+40(FP)
	RET
