// Macros shared by the join's kernels (join_amd64.s, join_block_amd64.s);
// BX points at their joinWideArgs (see join_amd64.s for the offsets).

// ENTRY computes chunk k's entry offset of query DX into reg, entries
// being 1<<sh bytes.
#define ENTRY(k, reg, sh) \
	MOVQ (80+8*k)(BX), CX \
	SHRXQ CX, DX, reg \
	ANDQ (120+8*k)(BX), reg \
	SHLQ $sh, reg \
	ADDQ (40+8*k)(BX), reg

// KEYEND sets R13 to the end of the patterns query DX can meet (start[k+1]
// of the complement k of its key), using reg.
#define KEYEND(reg) \
	MOVQ 8(BX), CX \
	SHRXQ CX, DX, reg \
	NOTQ reg \
	ANDQ 16(BX), reg \
	MOVQ 0(BX), CX \
	MOVQ 8(CX)(reg*8), R13
