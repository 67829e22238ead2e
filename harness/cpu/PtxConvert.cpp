//===- PtxConvert.cpp - PTX's cvt in every rounding mode -----------------===//
//
// Conversions between PTX's types as IR: float to float in rn, rz, rm and
// rp (the nearest, then one step back where it went past; from double to
// 16 bits through a float rounded to odd, so that it rounds once), to an
// integral value, with .sat, .satfinite and .relu and canonical NaNs;
// float to integer saturating; integer to float in every mode (64-bit ones
// through a double rounded to odd); integer widening and narrowing.
//
//===----------------------------------------------------------------------===//

#include "PtxOps.h"

#include "llvm/IR/Intrinsics.h"

using namespace llvm;

namespace gevo::cpu {

Value *PtxOps::toFloatOdd(Value *D) {
  Type *FT = D->getType()->getWithNewType(B.getFloatTy());
  Type *IT = D->getType()->getWithNewType(B.getInt32Ty());
  Value *F = B.CreateFPTrunc(D, FT);
  Value *Back = B.CreateFPExt(F, D->getType());
  Value *I = B.CreateBitCast(F, IT);
  Value *One = ConstantInt::get(IT, 1);
  // Rounded away from zero: one step back (the bits' magnitude less one).
  Value *Away = B.CreateFCmpOGT(B.CreateUnaryIntrinsic(Intrinsic::fabs, Back),
                                B.CreateUnaryIntrinsic(Intrinsic::fabs, D));
  I = B.CreateSelect(Away, B.CreateSub(I, One), I);
  I = B.CreateSelect(B.CreateFCmpONE(Back, D), B.CreateOr(I, One), I);
  return B.CreateSelect(B.CreateFCmpUNO(D, D), F, B.CreateBitCast(I, FT));
}

Expected<Value *> PtxOps::convert(const PtxOpcode &O, Value *Src) {
  StringRef To = O.type(1), From = O.type(0); // cvt.rn.f16.f32: to f16
  bool FromFloat = From.starts_with("f") || From.starts_with("bf");
  bool ToFloat = To.starts_with("f") || To.starts_with("bf");
  if (FromFloat && ToFloat)
    return convertFloat(O, asFloat(Src, From), To);
  if (FromFloat) { // to an integer: .rzi truncates, .rni rounds to even
    Value *F = asFloat(Src, From);
    if (From == "f16")
      F = B.CreateFPExt(F, B.getFloatTy());
    if (O.has("rni"))
      F = B.CreateUnaryIntrinsic(Intrinsic::roundeven, F);
    else if (O.has("rmi"))
      F = B.CreateUnaryIntrinsic(Intrinsic::floor, F);
    else if (O.has("rpi"))
      F = B.CreateUnaryIntrinsic(Intrinsic::ceil, F);
    unsigned W = ptxWidth(To);
    Type *T = B.getIntNTy(W);
    // Saturating, as PTX converts; NaN is 0 from f32 and narrower to 32
    // bits and narrower, the top bit alone otherwise (as an H100 gives it).
    Value *R = B.CreateIntrinsic(To.starts_with("s") ? Intrinsic::fptosi_sat
                                                     : Intrinsic::fptoui_sat,
                                 {T, F->getType()}, {F});
    APInt Nan = From != "f64" && W <= 32 ? APInt(W, 0)
                                         : APInt::getSignMask(W);
    return B.CreateSelect(B.CreateFCmpUNO(F, F), B.getInt(Nan), R);
  }
  Value *I = bits(Src, ptxWidth(From));
  bool Signed = From.starts_with("s");
  if (ToFloat && ptxWidth(From) <= 32) // exact in double, then rounded
    return convertFloat(O,
                        Signed ? B.CreateSIToFP(I, B.getDoubleTy())
                               : B.CreateUIToFP(I, B.getDoubleTy()),
                        To);
  if (ToFloat && To != "f64") // through a double rounded to odd
    return convertFloat(O, intToDoubleOdd(I, Signed), To);
  if (ToFloat) // (to nearest only)
    return fromFloat(Signed ? B.CreateSIToFP(I, B.getDoubleTy())
                            : B.CreateUIToFP(I, B.getDoubleTy()),
                     To);
  Type *T = B.getIntNTy(ptxWidth(To));
  return From.starts_with("s") ? B.CreateSExtOrTrunc(I, T)
                               : B.CreateZExtOrTrunc(I, T);
}

Value *PtxOps::intToDoubleOdd(Value *I, bool Signed) {
  Type *T = I->getType();
  Value *Zero = ConstantInt::get(T, 0), *One = ConstantInt::get(T, 1);
  Value *Negative = Signed ? B.CreateICmpSLT(I, Zero) : B.getFalse();
  Value *Magnitude = B.CreateSelect(Negative, B.CreateSub(Zero, I), I);
  // Bits below the 53 highest go into the lowest kept one (sticky).
  Value *Lz = B.CreateIntrinsic(Intrinsic::ctlz, {T}, {Magnitude, B.getFalse()});
  Value *Spare = ConstantInt::get(T, T->getIntegerBitWidth() - 53);
  Value *Shift = B.CreateSelect(B.CreateICmpULT(Lz, Spare),
                                B.CreateSub(Spare, Lz), Zero);
  Value *Low = B.CreateSub(B.CreateShl(One, Shift), One);
  Value *Kept = B.CreateAnd(Magnitude, B.CreateNot(Low));
  Kept = B.CreateSelect(B.CreateICmpNE(B.CreateAnd(Magnitude, Low), Zero),
                        B.CreateOr(Kept, B.CreateShl(One, Shift)), Kept);
  Value *D = B.CreateUIToFP(Kept, B.getDoubleTy());
  return B.CreateSelect(Negative, B.CreateFNeg(D), D);
}

/// \p Bits (an integer holding a float's sign and magnitude) moved one
/// step: toward zero, or away from it.
static Value *step(IRBuilder<> &B, Value *Bits, Value *TowardZero,
                   Value *Cond) {
  Value *One = ConstantInt::get(Bits->getType(), 1);
  return B.CreateSelect(Cond,
                        B.CreateSelect(TowardZero, B.CreateSub(Bits, One),
                                       B.CreateAdd(Bits, One)),
                        Bits);
}

Value *PtxOps::convertFloat(const PtxOpcode &O, Value *X, StringRef To) {
  if (X->getType()->isHalfTy())
    X = B.CreateFPExt(X, B.getFloatTy());
  // Rounding to an integral value in the source type (cvt.rni.f32.f32).
  for (auto [Mod, Id] : {std::pair{"rni", Intrinsic::roundeven},
                         {"rzi", Intrinsic::trunc},
                         {"rmi", Intrinsic::floor},
                         {"rpi", Intrinsic::ceil}})
    if (O.has(Mod))
      X = B.CreateUnaryIntrinsic(Id, X);
  if (O.has("sat"))
    X = saturate(X);
  unsigned FromBits = X->getType()->getPrimitiveSizeInBits();
  if (ptxWidth(To) >= FromBits && To != "bf16") // exact
    return fromFloat(To == "f64" ? B.CreateFPExt(X, B.getDoubleTy()) : X, To);
  // Round to nearest even: to 16 bits from a double through float rounded
  // to odd, so that it rounds once.
  Value *Y = FromBits == 64 && To != "f32" ? toFloatOdd(X) : X;
  Value *R, *Back;
  if (To == "bf16") {
    R = fromFloat(Y, To);
    Back = asFloat(R, To);
  } else {
    Value *F = B.CreateFPTrunc(Y, To == "f16" ? B.getHalfTy() : B.getFloatTy());
    R = fromFloat(F, To);
    Back = F;
  }
  if (Back->getType() != X->getType())
    Back = B.CreateFPExt(Back, X->getType());
  // The directed modes: one step from the nearest where it went past.
  Value *Negative = B.CreateICmpSLT(R, ConstantInt::get(R->getType(), 0));
  if (O.has("rz"))
    R = step(B, R, B.getTrue(),
             B.CreateFCmpOGT(B.CreateUnaryIntrinsic(Intrinsic::fabs, Back),
                             B.CreateUnaryIntrinsic(Intrinsic::fabs, X)));
  else if (O.has("rm"))
    R = step(B, R, B.CreateNot(Negative), B.CreateFCmpOGT(Back, X));
  else if (O.has("rp"))
    R = step(B, R, Negative, B.CreateFCmpOLT(Back, X));
  unsigned W = R->getType()->getIntegerBitWidth();
  if (O.has("satfinite")) { // infinities to the largest finite
    APInt Max = To == "f16"    ? APInt(16, 0x7bff)
                : To == "bf16" ? APInt(16, 0x7f7f)
                               : APInt(32, 0x7f7fffff);
    Value *Mag = B.CreateAnd(R, B.getInt(APInt::getSignedMaxValue(W)));
    Value *Inf = B.CreateICmpUGT(Mag, B.getInt(Max));
    R = B.CreateSelect(B.CreateAnd(Inf, B.CreateFCmpORD(X, X)),
                       B.CreateOr(B.CreateAnd(R, B.getInt(APInt::getSignMask(W))),
                                  B.getInt(Max)),
                       R);
  }
  // A NaN narrowed is the canonical one (all ones but the sign).
  return canonicalNan(R, To, O.has("relu"));
}

} // namespace gevo::cpu
