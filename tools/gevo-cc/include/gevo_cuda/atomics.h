//===- gevo_cuda/atomics.h - CUDA's atomic functions ---------*- C++ -*-===//
//
// atomicAdd, atomicSub, atomicExch, atomicMin, atomicMax, atomicInc,
// atomicDec, atomicCAS, atomicAnd, atomicOr and atomicXor, each also in the
// _block and _system scopes, on clang's __[iuf..]Atomic* wrappers (which
// become atomicrmw/cmpxchg or NVVM atomic intrinsics).
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_CUDA_ATOMICS_H
#define GEVO_CUDA_ATOMICS_H

// Name(T *__p, T __v) = Impl(__p, Arg) in the three scopes.
#define __GEVO_ATOMIC(Name, T, Impl, Arg)                                      \
  __GEVO_DEV T Name(T *__p, T __v) { return Impl(__p, Arg); }                  \
  __GEVO_DEV T Name##_block(T *__p, T __v) { return Impl##_block(__p, Arg); }  \
  __GEVO_DEV T Name##_system(T *__p, T __v) { return Impl##_system(__p, Arg); }

#define __GEVO_ATOMIC_CAS(T, Impl)                                             \
  __GEVO_DEV T atomicCAS(T *__p, T __c, T __v) { return Impl(__p, __c, __v); } \
  __GEVO_DEV T atomicCAS_block(T *__p, T __c, T __v) {                         \
    return Impl##_block(__p, __c, __v);                                        \
  }                                                                            \
  __GEVO_DEV T atomicCAS_system(T *__p, T __c, T __v) {                        \
    return Impl##_system(__p, __c, __v);                                       \
  }

typedef unsigned long long __gevo_ull;

__GEVO_ATOMIC(atomicAdd, int, __iAtomicAdd, __v)
__GEVO_ATOMIC(atomicAdd, unsigned int, __uAtomicAdd, __v)
__GEVO_ATOMIC(atomicAdd, __gevo_ull, __ullAtomicAdd, __v)
__GEVO_ATOMIC(atomicAdd, float, __fAtomicAdd, __v)
__GEVO_ATOMIC(atomicAdd, double, __dAtomicAdd, __v)
__GEVO_ATOMIC(atomicSub, int, __iAtomicAdd, -__v)
__GEVO_ATOMIC(atomicSub, unsigned int, __uAtomicAdd, -__v)

__GEVO_ATOMIC(atomicExch, int, __iAtomicExch, __v)
__GEVO_ATOMIC(atomicExch, unsigned int, __uAtomicExch, __v)
__GEVO_ATOMIC(atomicExch, __gevo_ull, __ullAtomicExch, __v)
__GEVO_ATOMIC(atomicExch, float, __fAtomicExch, __v)

__GEVO_ATOMIC(atomicMin, int, __iAtomicMin, __v)
__GEVO_ATOMIC(atomicMin, unsigned int, __uAtomicMin, __v)
__GEVO_ATOMIC(atomicMin, long long, __illAtomicMin, __v)
__GEVO_ATOMIC(atomicMin, __gevo_ull, __ullAtomicMin, __v)
__GEVO_ATOMIC(atomicMax, int, __iAtomicMax, __v)
__GEVO_ATOMIC(atomicMax, unsigned int, __uAtomicMax, __v)
__GEVO_ATOMIC(atomicMax, long long, __illAtomicMax, __v)
__GEVO_ATOMIC(atomicMax, __gevo_ull, __ullAtomicMax, __v)

__GEVO_ATOMIC(atomicInc, unsigned int, __uAtomicInc, __v)
__GEVO_ATOMIC(atomicDec, unsigned int, __uAtomicDec, __v)

__GEVO_ATOMIC(atomicAnd, int, __iAtomicAnd, __v)
__GEVO_ATOMIC(atomicAnd, unsigned int, __uAtomicAnd, __v)
__GEVO_ATOMIC(atomicAnd, __gevo_ull, __ullAtomicAnd, __v)
__GEVO_ATOMIC(atomicOr, int, __iAtomicOr, __v)
__GEVO_ATOMIC(atomicOr, unsigned int, __uAtomicOr, __v)
__GEVO_ATOMIC(atomicOr, __gevo_ull, __ullAtomicOr, __v)
__GEVO_ATOMIC(atomicXor, int, __iAtomicXor, __v)
__GEVO_ATOMIC(atomicXor, unsigned int, __uAtomicXor, __v)
__GEVO_ATOMIC(atomicXor, __gevo_ull, __ullAtomicXor, __v)

__GEVO_ATOMIC_CAS(int, __iAtomicCAS)
__GEVO_ATOMIC_CAS(unsigned int, __uAtomicCAS)
__GEVO_ATOMIC_CAS(__gevo_ull, __ullAtomicCAS)

#undef __GEVO_ATOMIC
#undef __GEVO_ATOMIC_CAS

#endif // GEVO_CUDA_ATOMICS_H
