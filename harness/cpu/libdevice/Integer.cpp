//===- Integer.cpp - libdevice's integer functions ------------------------===//
//
// Bit counting and reversal, byte_perm, high multiplies, 24-bit multiplies,
// halving adds, sums of absolute differences, min/max and abs, all with the
// wrap-around a GPU's 32/64-bit registers give.
//
//===----------------------------------------------------------------------===//

#include "Families.h"

namespace gevo::cpu::libdevice {
namespace {

using U32 = uint32_t;
using U64 = uint64_t;

template <typename U> U reverseBits(U V) {
  U R = 0;
  for (unsigned I = 0; I < sizeof(U) * 8; ++I, V >>= 1)
    R = R << 1 | (V & 1);
  return R;
}

/// Result byte I is byte (S >> 4I) & 7 of the 8 bytes {B:A}, A lowest.
int bytePerm(int A, int B, int S) {
  U64 Bytes = static_cast<U64>(static_cast<U32>(B)) << 32 | static_cast<U32>(A);
  U32 R = 0;
  for (unsigned I = 0; I < 4; ++I) {
    unsigned Sel = (static_cast<U32>(S) >> (4 * I)) & 7;
    R |= static_cast<U32>((Bytes >> (8 * Sel)) & 0xff) << (8 * I);
  }
  return static_cast<int>(R);
}

/// PTX's fns (llvm.nvvm.fns, which Intrinsics.cpp calls this for): the
/// position of the |Offset|-th set bit of Mask counting up (Offset > 0) or
/// down from Base, Base itself when Offset is 0 and its bit is set; else ~0.
unsigned findNthSet(unsigned Mask, unsigned Base, int Offset) {
  if (Offset == 0)
    return Base < 32 && (Mask >> Base & 1) ? Base : ~0u;
  int64_t Count = Offset > 0 ? Offset : -int64_t(Offset);
  int Step = Offset > 0 ? 1 : -1;
  for (int Pos = int(Base); Pos >= 0 && Pos < 32; Pos += Step)
    if ((Mask >> Pos & 1) && --Count == 0)
      return unsigned(Pos);
  return ~0u;
}

/// Sign-extends the low 24 bits.
int64_t low24(int V) {
  return static_cast<int64_t>(static_cast<U32>(V) << 8) << 32 >> 40;
}

// Binary functions of one type, named __nv_<Name>.
#define INT2(Name, T, Expr)                                                    \
  {                                                                            \
    "__nv_" Name, address(+[](T A, T B) -> T { return Expr; })                 \
  }
#define INT1(Name, T, Ret, Expr)                                               \
  {                                                                            \
    "__nv_" Name, address(+[](T A) -> Ret { return Expr; })                    \
  }

const RuntimeSymbol Symbols[] = {
    INT1("popc", unsigned, int, __builtin_popcount(A)),
    INT1("popcll", unsigned long long, int, __builtin_popcountll(A)),
    INT1("clz", int, int, A ? __builtin_clz(static_cast<U32>(A)) : 32),
    INT1("clzll", long long, int,
         A ? __builtin_clzll(static_cast<U64>(A)) : 64),
    INT1("ffs", int, int, __builtin_ffs(A)),
    INT1("ffsll", long long, int, __builtin_ffsll(A)),
    INT1("brev", int, int, static_cast<int>(reverseBits(static_cast<U32>(A)))),
    INT1("brevll", long long, long long,
         static_cast<long long>(reverseBits(static_cast<U64>(A)))),
    INT1("abs", int, int,
         static_cast<int>(A < 0 ? 0u - static_cast<U32>(A)
                                : static_cast<U32>(A))),
    INT1("llabs", long long, long long,
         static_cast<long long>(A < 0 ? 0ull - static_cast<U64>(A)
                                      : static_cast<U64>(A))),
    {"__nv_byte_perm", address(&bytePerm)},
    {"__nv_fns", address(&findNthSet)}, // (not libdevice's: PTX's fns)
    INT2("mulhi", int, static_cast<int>((int64_t(A) * B) >> 32)),
    INT2("umulhi", unsigned, static_cast<unsigned>((U64(A) * B) >> 32)),
    INT2("mul64hi", long long, static_cast<long long>((__int128(A) * B) >> 64)),
    INT2("umul64hi", unsigned long long,
         static_cast<unsigned long long>((unsigned __int128)A *B >> 64)),
    INT2("mul24", int, static_cast<int>(low24(A) * low24(B))),
    INT2("umul24", unsigned, (A & 0xffffff) * (B & 0xffffff)),
    INT2("hadd", int, static_cast<int>((int64_t(A) + B) >> 1)),
    INT2("rhadd", int, static_cast<int>((int64_t(A) + B + 1) >> 1)),
    {"__nv_uhadd", address(+[](unsigned A, unsigned B) -> int {
       return static_cast<int>((U64(A) + B) >> 1);
     })},
    INT2("urhadd", unsigned, static_cast<unsigned>((U64(A) + B + 1) >> 1)),
    {"__nv_sad", address(+[](int A, int B, int C) -> int {
       U32 Diff = A > B ? U32(A) - U32(B) : U32(B) - U32(A);
       return static_cast<int>(Diff + static_cast<U32>(C));
     })},
    {"__nv_usad", address(+[](unsigned A, unsigned B, unsigned C) -> unsigned {
       return (A > B ? A - B : B - A) + C;
     })},
    INT2("min", int, A < B ? A : B),
    INT2("max", int, A > B ? A : B),
    INT2("umin", unsigned, A < B ? A : B),
    INT2("umax", unsigned, A > B ? A : B),
    INT2("llmin", long long, A < B ? A : B),
    INT2("llmax", long long, A > B ? A : B),
    INT2("ullmin", unsigned long long, A < B ? A : B),
    INT2("ullmax", unsigned long long, A > B ? A : B),
};
#undef INT1
#undef INT2

} // namespace

llvm::ArrayRef<RuntimeSymbol> integerSymbols() { return Symbols; }

} // namespace gevo::cpu::libdevice
