//===- PtxOps.h - PTX instructions' meaning as IR ---------------*- C++ -*-===//
//
// What InlinePtx.cpp's instructions compute, on registers held as bits
// (iN): integer and float arithmetic (f16 and f16x2 as half, bf16 through
// float, rounded to nearest even), carries, bit operations, conversions
// (PtxConvert.cpp) and comparisons. An instruction it does not know is an
// Error naming it.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_HARNESS_CPU_PTXOPS_H
#define GEVO_HARNESS_CPU_PTXOPS_H

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/Support/Error.h"

namespace gevo::cpu {

/// An instruction's name split at its dots: "fma.rn.f16x2" -> fma, {rn,
/// f16x2}.
struct PtxOpcode {
  llvm::StringRef Op;
  llvm::SmallVector<llvm::StringRef> Mods;
  bool has(llvm::StringRef M) const { return llvm::is_contained(Mods, M); }
  /// The whole name again: "fma.rn.f16x2".
  std::string name() const {
    return (Op + (Mods.empty() ? "" : ".") + llvm::join(Mods, ".")).str();
  }
  /// The last modifier that names a type (b/s/u/f/bf + width, pred).
  llvm::StringRef type(unsigned FromEnd = 0) const {
    for (auto It = Mods.rbegin(); It != Mods.rend(); ++It)
      if (isTypeName(*It) && FromEnd-- == 0)
        return *It;
    return "";
  }
  static bool isTypeName(llvm::StringRef M) {
    return M == "pred" || M.starts_with("bf16") ||
           ((M.front() == 'b' || M.front() == 's' || M.front() == 'u' ||
             M.front() == 'f') &&
            M.size() > 1 && llvm::isDigit(M[1]));
  }
};

/// How many source operands instruction \p Op reads.
unsigned ptxOperands(llvm::StringRef Op);

inline unsigned ptxWidth(llvm::StringRef Ty) {
  if (Ty == "pred")
    return 1;
  if (Ty == "f16x2" || Ty == "bf16x2")
    return 32;
  llvm::StringRef Digits =
      Ty.drop_while([](char C) { return !llvm::isDigit(C); });
  unsigned W = 32;
  Digits.getAsInteger(10, W);
  return W;
}

/// What the cpu target does not translate, said in \p What.
inline llvm::Error unsupportedPtx(const llvm::Twine &What) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), What);
}

/// Builds instructions' results at a builder's insertion point.
class PtxOps {
public:
  explicit PtxOps(llvm::IRBuilder<> &B) : B(B) {}
  /// \p V as \p Width bits (pointers by address, floats by bits).
  llvm::Value *bits(llvm::Value *V, unsigned Width);
  /// Register bits as \p Ty's float type (f16x2: a vector of two halves;
  /// bf16: widened to float), and a float back as \p Ty's bits.
  llvm::Value *asFloat(llvm::Value *Bits, llvm::StringRef Ty);
  llvm::Value *fromFloat(llvm::Value *F, llvm::StringRef Ty);
  /// add sub mul mad fma div min max neg abs, the carry forms, and the bit
  /// operations and or xor not shl shr prmt lop3 bfe bfi shf.
  llvm::Expected<llvm::Value *> arithmetic(const PtxOpcode &O,
                                           llvm::ArrayRef<llvm::Value *> In);
  llvm::Expected<llvm::Value *> convert(const PtxOpcode &O, llvm::Value *Src);
  llvm::Expected<llvm::Value *> compare(const PtxOpcode &O, llvm::Value *A,
                                        llvm::Value *Bv);
  /// set.CMP.DTYPE.STYPE: 1.0 or all ones where the comparison holds, per
  /// 16-bit lane for f16x2 and bf16x2 sources.
  llvm::Expected<llvm::Value *> set(const PtxOpcode &O, llvm::Value *A,
                                    llvm::Value *Bv);

private:
  /// \p O's operation on floats of \p Ty (with .sat, .relu, .NaN).
  llvm::Expected<llvm::Value *> floatArith(const PtxOpcode &O,
                                           llvm::StringRef Ty,
                                           llvm::ArrayRef<llvm::Value *> In);
  /// \p Bits, a float of \p Ty's, with a NaN canonical (all ones but the
  /// sign) and, for \p Relu, negatives +0.
  llvm::Value *canonicalNan(llvm::Value *Bits, llvm::StringRef Ty,
                            bool Relu);
  llvm::Expected<llvm::Value *> bitOp(const PtxOpcode &O,
                                      llvm::ArrayRef<llvm::Value *> In);
  /// Float \p X (half, float or double) as \p To's bits, in the rounding
  /// mode \p O names, with .sat, .satfinite and .relu.
  llvm::Value *convertFloat(const PtxOpcode &O, llvm::Value *X,
                            llvm::StringRef To);
  /// A double (or vector of them) narrowed to float rounding to odd (exact,
  /// or the neighbour toward zero with its last bit set): rounding that
  /// again to 16 bits rounds the double correctly.
  llvm::Value *toFloatOdd(llvm::Value *D);
  /// A 64-bit integer as a double rounded to odd (its bits below the 53
  /// highest kept as one sticky bit), so that rounding that to float or
  /// narrower rounds the integer correctly.
  llvm::Value *intToDoubleOdd(llvm::Value *I, bool Signed);
  llvm::Value *narrowFma(llvm::ArrayRef<llvm::Value *> F, llvm::StringRef Ty,
                         bool Sat);
  /// \p F clamped to [0, 1], NaN to 0 (.sat).
  llvm::Value *saturate(llvm::Value *F);

  llvm::IRBuilder<> &B;
  llvm::Value *Carry = nullptr; ///< CC.CF of add.cc / sub.cc
};

} // namespace gevo::cpu

#endif
