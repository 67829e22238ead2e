//===- cub/util_ptx.cuh - gevo's CUB: PTX utilities ----------*- C++ -*-===//
//
// Where CUB 2 code finds cub::LaneId (in <cub/util_type.cuh> here). Not
// here: CUB's other PTX wrappers (WarpId, SHFL_IDX_SYNC, BFE, ...).
//
//===----------------------------------------------------------------------===//
#include <cub/util_type.cuh>
