//go:build !purego

#include "textflag.h"
#include "join_amd64.h"

// The join's AVX2 kernels for the scalar path's layout, blocks of 128
// patterns (an entry: 16 bytes, two words; a query's patterns disjoint
// from it in a block are the bits of the AND of its chunks' entries),
// popcounts by nibble tables (VPSHUFB) summed by VPSADBW, two entries in
// a 256-bit register:
//
// joinBlock3, 4, 5 (see blockQueries in join_block.go): one block (its E
// entries at t) against the queries of idx, nch uint16 entry indices
// each, two queries at a time, one in each 128-bit lane.
//
// joinMajor3, 4, 5 (see queryMajorAVX2 in join_block_amd64.go): for every
// query y of ys, the blocks its key's prefix reaches (tab: the blocks,
// blockBytes apart), two blocks at a time. Their arguments are
// joinWideArgs (see join_amd64.s; base in bytes, lo and hi unused).

// popLUT: the popcount of each nibble, in both 128-bit lanes; low4: 0x0f
// in every byte.
DATA popLUT<>+0(SB)/8, $0x0302020102010100
DATA popLUT<>+8(SB)/8, $0x0403030203020201
DATA popLUT<>+16(SB)/8, $0x0302020102010100
DATA popLUT<>+24(SB)/8, $0x0403030203020201
GLOBL popLUT<>(SB), RODATA|NOPTR, $32
DATA low4<>+0(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA low4<>+8(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA low4<>+16(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA low4<>+24(SB)/8, $0x0f0f0f0f0f0f0f0f
GLOBL low4<>(SB), RODATA|NOPTR, $32

// NIBSETUP loads the nibble tables (Y14, Y15), zero (Y13) and clears the
// sum (Y12).
#define NIBSETUP \
	VMOVDQU popLUT<>(SB), Y14 \
	VMOVDQU low4<>(SB), Y15 \
	VPXOR Y13, Y13, Y13 \
	VPXOR Y12, Y12, Y12

// NIBBLE adds the popcount of Y0's four words to Y12's.
#define NIBBLE \
	VPSRLW $4, Y0, Y1 \
	VPAND Y15, Y0, Y0 \
	VPAND Y15, Y1, Y1 \
	VPSHUFB Y0, Y14, Y0 \
	VPSHUFB Y1, Y14, Y1 \
	VPADDB Y0, Y1, Y0 \
	VPSADBW Y13, Y0, Y0 \
	VPADDQ Y0, Y12, Y12

// RETSUM returns the sum of Y12's words at ret+off(FP).
#define RETSUM(off) \
	VEXTRACTI128 $1, Y12, X1 \
	VPADDQ X1, X12, X12 \
	VPSHUFD $0x4e, X12, X1 \
	VPADDQ X1, X12, X12 \
	VMOVQ X12, AX \
	VZEROUPPER \
	MOVQ AX, ret+off(FP) \
	RET

// The block kernel. IDX loads the index at byte off of SI, times 16, into
// reg.
#define IDX(off, reg) \
	MOVWQZX off(SI), reg \
	SHLQ $4, reg

// PAIR loads the entries of the indices at off (low lane) and off+q (high
// lane) into Y1.
#define PAIR(off, q) \
	IDX(off, AX) \
	IDX(off+q, R8) \
	VMOVDQU (DI)(AX*1), X1 \
	VINSERTI128 $1, (DI)(R8*1), Y1, Y1

// AND ANDs the entry of the index at off into X0.
#define AND(off) \
	IDX(off, AX) \
	VPAND (DI)(AX*1), X0, X0

// PAIRS3, 4, 5 AND the entries of two queries of q bytes into Y0; ONE3,
// 4, 5 those of one query into X0 (the high lane zero).
#define PAIRS3(q) \
	PAIR(0, q) \
	VMOVDQA Y1, Y0 \
	PAIR(2, q) \
	VPAND Y1, Y0, Y0 \
	PAIR(4, q) \
	VPAND Y1, Y0, Y0
#define PAIRS4(q) \
	PAIRS3(q) \
	PAIR(6, q) \
	VPAND Y1, Y0, Y0
#define PAIRS5(q) \
	PAIRS4(q) \
	PAIR(8, q) \
	VPAND Y1, Y0, Y0
#define ONE3 \
	IDX(0, AX) \
	VMOVDQU (DI)(AX*1), X0 \
	AND(2) \
	AND(4)
#define ONE4 \
	ONE3 \
	AND(6)
#define ONE5 \
	ONE4 \
	AND(8)

// BLOCKKERNEL is the block kernel's body for queries of q bytes: DI the
// table, SI the indices, CX their end, DX the last start of a pair (above
// CX if the subtraction wrapped: fewer than two queries).
#define BLOCKKERNEL(q, PAIRS, ONE) \
	MOVQ t+0(FP), DI \
	MOVQ idx_base+8(FP), SI \
	MOVQ idx_len+16(FP), CX \
	LEAQ (SI)(CX*2), CX \
	NIBSETUP \
	LEAQ -(2*q)(CX), DX \
	CMPQ DX, CX \
	JA tail \
	CMPQ SI, DX \
	JA tail \
loop: \
	PAIRS(q) \
	NIBBLE \
	ADDQ $(2*q), SI \
	CMPQ SI, DX \
	JBE loop \
tail: \
	CMPQ SI, CX \
	JAE done \
	ONE \
	NIBBLE \
done: \
	RETSUM(32)

// The query-major kernel. BLOCKS sets R13 to the blocks query DX needs,
// adding them to words, jumping to skip if none.
#define BLOCKS(skip) \
	KEYEND(R13) \
	ADDQ $127, R13 \
	SHRQ $7, R13 \
	JZ skip \
	ADDQ R13, 32(BX)

// LANES loads the entry at offset reg of blocks R14 and R15 into Y1.
#define LANES(reg) \
	VMOVDQU (R14)(reg*1), X1 \
	VINSERTI128 $1, (R15)(reg*1), Y1, Y1

// OFFSETS3, 4, 5 compute a query's entry offsets (R8 to R12); LANES3, 4, 5
// AND its entries of two blocks into Y0; SINGLE3, 4, 5 those of one block
// into X0 (the high lane zero).
#define OFFSETS3 \
	ENTRY(0, R8, 4) \
	ENTRY(1, R9, 4) \
	ENTRY(2, R10, 4)
#define OFFSETS4 \
	OFFSETS3 \
	ENTRY(3, R11, 4)
#define OFFSETS5 \
	OFFSETS4 \
	ENTRY(4, R12, 4)
#define LANES3 \
	LANES(R8) \
	VMOVDQA Y1, Y0 \
	LANES(R9) \
	VPAND Y1, Y0, Y0 \
	LANES(R10) \
	VPAND Y1, Y0, Y0
#define LANES4 \
	LANES3 \
	LANES(R11) \
	VPAND Y1, Y0, Y0
#define LANES5 \
	LANES4 \
	LANES(R12) \
	VPAND Y1, Y0, Y0
#define SINGLE3 \
	VMOVDQU (R14)(R8*1), X0 \
	VPAND (R14)(R9*1), X0, X0 \
	VPAND (R14)(R10*1), X0, X0
#define SINGLE4 \
	SINGLE3 \
	VPAND (R14)(R11*1), X0, X0
#define SINGLE5 \
	SINGLE4 \
	VPAND (R14)(R12*1), X0, X0

// MAJORKERNEL is the query-major kernel's body: SI the table, DI the
// queries, AX their end, BX the joinWideArgs; for each query, R14 and R15
// point at two blocks, CX the step of two blocks, R13 the blocks left.
#define MAJORKERNEL(OFFSETS, LANESN, SINGLE) \
	MOVQ tab+0(FP), SI \
	MOVQ ys_base+8(FP), DI \
	MOVQ ys_len+16(FP), AX \
	LEAQ (DI)(AX*8), AX \
	MOVQ a+32(FP), BX \
	NIBSETUP \
	CMPQ DI, AX \
	JAE done \
loop: \
	MOVQ (DI), DX \
	BLOCKS(next) \
	OFFSETS \
	MOVQ SI, R14 \
	MOVQ 24(BX), CX \
	LEAQ (SI)(CX*1), R15 \
	SHLQ $1, CX \
	CMPQ R13, $2 \
	JB one \
pair: \
	LANESN \
	NIBBLE \
	ADDQ CX, R14 \
	ADDQ CX, R15 \
	SUBQ $2, R13 \
	CMPQ R13, $2 \
	JAE pair \
one: \
	TESTQ R13, R13 \
	JZ next \
	SINGLE \
	NIBBLE \
next: \
	ADDQ $8, DI \
	CMPQ DI, AX \
	JB loop \
done: \
	RETSUM(40)

// func joinBlock3(t *joinBlock, idx []uint16) uint64
TEXT ·joinBlock3(SB), NOSPLIT, $0-40
	BLOCKKERNEL(6, PAIRS3, ONE3)

// func joinBlock4(t *joinBlock, idx []uint16) uint64
TEXT ·joinBlock4(SB), NOSPLIT, $0-40
	BLOCKKERNEL(8, PAIRS4, ONE4)

// func joinBlock5(t *joinBlock, idx []uint16) uint64
TEXT ·joinBlock5(SB), NOSPLIT, $0-40
	BLOCKKERNEL(10, PAIRS5, ONE5)

// func joinMajor3(tab *joinBlock, ys []uint64, a *joinWideArgs) uint64
TEXT ·joinMajor3(SB), NOSPLIT, $0-48
	MAJORKERNEL(OFFSETS3, LANES3, SINGLE3)

// func joinMajor4(tab *joinBlock, ys []uint64, a *joinWideArgs) uint64
TEXT ·joinMajor4(SB), NOSPLIT, $0-48
	MAJORKERNEL(OFFSETS4, LANES4, SINGLE4)

// func joinMajor5(tab *joinBlock, ys []uint64, a *joinWideArgs) uint64
TEXT ·joinMajor5(SB), NOSPLIT, $0-48
	MAJORKERNEL(OFFSETS5, LANES5, SINGLE5)
