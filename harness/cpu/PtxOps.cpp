//===- PtxOps.cpp - PTX instructions' meaning as IR -------------------------===//

#include "PtxOps.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/Intrinsics.h"

using namespace llvm;

namespace gevo::cpu {

Value *PtxOps::bits(Value *V, unsigned Width) {
  Type *T = B.getIntNTy(Width);
  if (V->getType() == T)
    return V;
  if (V->getType()->isPointerTy())
    V = B.CreatePtrToInt(V, B.getInt64Ty());
  else if (!V->getType()->isIntegerTy()) {
    unsigned From = V->getType()->getPrimitiveSizeInBits();
    V = B.CreateBitCast(V, B.getIntNTy(From));
  }
  return B.CreateZExtOrTrunc(V, T);
}

/// f16 and f32 and f64 bits as their type; bf16 widened to float; pairs as
/// vectors.
Value *PtxOps::asFloat(Value *Bits, StringRef Ty) {
  if (Ty == "f16")
    return B.CreateBitCast(bits(Bits, 16), B.getHalfTy());
  if (Ty == "f16x2")
    return B.CreateBitCast(bits(Bits, 32),
                           FixedVectorType::get(B.getHalfTy(), 2));
  if (Ty == "bf16")
    return B.CreateBitCast(B.CreateShl(B.CreateZExt(bits(Bits, 16),
                                                    B.getInt32Ty()), 16),
                           B.getFloatTy());
  if (Ty == "f64")
    return B.CreateBitCast(bits(Bits, 64), B.getDoubleTy());
  return B.CreateBitCast(bits(Bits, 32), B.getFloatTy());
}

/// A float as \p Ty's bits: bf16 rounded to nearest even (NaN stays NaN).
Value *PtxOps::fromFloat(Value *F, StringRef Ty) {
  if (Ty == "bf16") {
    Value *I = B.CreateBitCast(F, B.getInt32Ty());
    Value *Odd = B.CreateAnd(B.CreateLShr(I, 16), 1);
    Value *Rounded =
        B.CreateLShr(B.CreateAdd(I, B.CreateAdd(Odd, B.getInt32(0x7fff))), 16);
    Value *IsNan = B.CreateFCmpUNO(F, F);
    return B.CreateSelect(IsNan, B.getInt16(0x7fc0),
                          B.CreateTrunc(Rounded, B.getInt16Ty()));
  }
  return bits(F, F->getType()->getPrimitiveSizeInBits());
}

Value *PtxOps::saturate(Value *F) {
  return B.CreateIntrinsic(
      Intrinsic::minnum, {F->getType()},
      {B.CreateIntrinsic(Intrinsic::maxnum, {F->getType()},
                         {F, ConstantFP::get(F->getType(), 0.0)}),
       ConstantFP::get(F->getType(), 1.0)});
}

Value *PtxOps::canonicalNan(Value *Bits, StringRef Ty, bool Relu) {
  unsigned W = Bits->getType()->getIntegerBitWidth();
  APInt Inf = Ty == "f16"    ? APInt(16, 0x7c00)
              : Ty == "bf16" ? APInt(16, 0x7f80)
              : W == 32      ? APInt(32, 0x7f800000)
                             : APInt(64, 0x7ff0000000000000);
  Value *Magnitude = B.CreateAnd(Bits, B.getInt(APInt::getSignedMaxValue(W)));
  Value *IsNan = B.CreateICmpUGT(Magnitude, B.getInt(Inf));
  if (Relu) // negatives (and -0) to +0
    Bits = B.CreateSelect(B.CreateICmpSLT(Bits, B.getIntN(W, 0)),
                          B.getIntN(W, 0), Bits);
  return B.CreateSelect(IsNan, B.getInt(APInt::getSignedMaxValue(W)), Bits);
}

/// fma and mad of f16 and bf16: the product is exact in double, the sum
/// rounded once there and to odd in float, so the last rounding to 16 bits
/// is the correctly rounded fused result's.
Value *PtxOps::narrowFma(ArrayRef<Value *> F, StringRef Ty, bool Sat) {
  Type *D = F[0]->getType()->getWithNewType(B.getDoubleTy());
  SmallVector<Value *, 3> Wide;
  for (Value *V : F)
    Wide.push_back(B.CreateFPExt(V, D));
  Value *Fused =
      B.CreateIntrinsic(Intrinsic::fma, {D}, {Wide[0], Wide[1], Wide[2]});
  Value *Odd = toFloatOdd(Sat ? saturate(Fused) : Fused);
  if (Ty == "bf16")
    return fromFloat(Odd, Ty);
  return fromFloat(B.CreateFPTrunc(Odd, F[0]->getType()), Ty);
}

Expected<Value *> PtxOps::floatArith(const PtxOpcode &O, StringRef Ty,
                                     ArrayRef<Value *> In) {
  StringRef Op = O.Op;
  bool Sat = O.has("sat");
  // Pairs lane by lane, low half first.
  if (Ty == "bf16x2" || Ty == "f16x2") {
    Value *R = B.getInt32(0);
    for (unsigned Lane = 0; Lane < 2; ++Lane) {
      SmallVector<Value *, 3> Halves;
      for (Value *V : In)
        Halves.push_back(B.CreateTrunc(B.CreateLShr(bits(V, 32), 16 * Lane),
                                       B.getInt16Ty()));
      Expected<Value *> H = floatArith(O, Ty.drop_back(2), Halves);
      if (!H)
        return H.takeError();
      R = B.CreateOr(R, B.CreateShl(B.CreateZExt(*H, B.getInt32Ty()), 16 * Lane));
    }
    return R;
  }
  SmallVector<Value *> F;
  for (Value *V : In)
    F.push_back(asFloat(V, Ty));
  bool Narrow = Ty.starts_with("f16") || Ty.starts_with("bf16");
  // 16-bit results: a NaN is the canonical one, as the PTX ISA gives it.
  if ((Op == "fma" || Op == "mad") && Narrow)
    return canonicalNan(narrowFma(F, Ty, Sat), Ty, O.has("relu"));
  Value *R = nullptr;
  if (Op == "add")
    R = B.CreateFAdd(F[0], F[1]);
  else if (Op == "sub")
    R = B.CreateFSub(F[0], F[1]);
  else if (Op == "mul")
    R = B.CreateFMul(F[0], F[1]);
  else if (Op == "div")
    R = B.CreateFDiv(F[0], F[1]);
  else if (Op == "fma" || Op == "mad")
    R = B.CreateIntrinsic(Intrinsic::fma, {F[0]->getType()}, {F[0], F[1], F[2]});
  else if (Op == "min" || Op == "max") // .NaN: a NaN operand wins
    R = B.CreateIntrinsic(O.has("NaN")
                              ? (Op == "min" ? Intrinsic::minimum
                                             : Intrinsic::maximum)
                              : (Op == "min" ? Intrinsic::minnum
                                             : Intrinsic::maxnum),
                          {F[0]->getType()}, {F[0], F[1]});
  else if (Op == "neg")
    R = B.CreateFNeg(F[0]);
  else if (Op == "abs")
    R = B.CreateUnaryIntrinsic(Intrinsic::fabs, F[0]);
  else if (Op == "sqrt") // .rn and .approx alike: the correctly rounded root
    R = B.CreateUnaryIntrinsic(Intrinsic::sqrt, F[0]);
  else if (Op == "rcp")
    R = B.CreateFDiv(ConstantFP::get(F[0]->getType(), 1.0), F[0]);
  else if (Op == "rsqrt")
    R = B.CreateFDiv(ConstantFP::get(F[0]->getType(), 1.0),
                     B.CreateUnaryIntrinsic(Intrinsic::sqrt, F[0]));
  else if (Op == "tanh") // 1 - 2 / (e^2x + 1)
    R = B.CreateFSub(
        ConstantFP::get(F[0]->getType(), 1.0),
        B.CreateFDiv(ConstantFP::get(F[0]->getType(), 2.0),
                     B.CreateFAdd(B.CreateUnaryIntrinsic(
                                      Intrinsic::exp,
                                      B.CreateFAdd(F[0], F[0])),
                                  ConstantFP::get(F[0]->getType(), 1.0))));
  else if (Op == "ex2" || Op == "lg2" || Op == "sin" || Op == "cos")
    R = B.CreateUnaryIntrinsic(Op == "ex2"   ? Intrinsic::exp2
                               : Op == "lg2" ? Intrinsic::log2
                               : Op == "sin" ? Intrinsic::sin
                                             : Intrinsic::cos,
                               F[0]);
  else
    return unsupportedPtx("instruction '" + Op + "." + Ty + "'");
  if (Sat)
    R = saturate(R);
  Value *Bits = fromFloat(R, Ty);
  if (Narrow || O.has("relu") || O.has("NaN"))
    Bits = canonicalNan(Bits, Ty, O.has("relu"));
  return Bits;
}

unsigned ptxOperands(StringRef Op) {
  return StringSwitch<unsigned>(Op)
      .Cases("neg", "abs", "not", "sqrt", "rcp", "rsqrt", 1)
      .Cases("ex2", "lg2", "sin", "cos", "tanh", 1)
      .Cases("brev", "popc", "clz", "bfind", 1)
      .Cases("fma", "mad", "prmt", "bfe", "shf", "fns", 3)
      .Cases("lop3", "bfi", 4)
      .Default(2);
}

Expected<Value *> PtxOps::arithmetic(const PtxOpcode &O, ArrayRef<Value *> In) {
  if (In.size() < ptxOperands(O.Op))
    return unsupportedPtx("instruction '" + O.name() + "' with " +
                          Twine(In.size()) + " source operands");
  StringRef Ty = O.type();
  if (Ty.starts_with("f") || Ty.starts_with("bf"))
    return floatArith(O, Ty, In);
  bool Signed = Ty.starts_with("s");
  unsigned W = ptxWidth(Ty);
  auto Wide = [&](Value *V) {
    return Signed ? B.CreateSExt(V, B.getIntNTy(2 * W))
                  : B.CreateZExt(V, B.getIntNTy(2 * W));
  };
  StringRef Op = O.Op;
  if (Op == "mul" || Op == "mad") {
    Value *P;
    if (O.has("wide"))
      P = B.CreateMul(Wide(In[0]), Wide(In[1]));
    else if (O.has("hi"))
      P = B.CreateTrunc(B.CreateLShr(B.CreateMul(Wide(In[0]), Wide(In[1])), W),
                        B.getIntNTy(W));
    else
      P = B.CreateMul(In[0], In[1]);
    return Op == "mul" ? P : B.CreateAdd(P, bits(In[2], P->getType()->getIntegerBitWidth()));
  }
  if (Op == "add" || Op == "addc" || Op == "sub" || Op == "subc") {
    bool Add = Op.starts_with("add");
    Value *C = Op.ends_with("c") ? B.CreateZExt(Carry ? Carry : B.getFalse(),
                                                B.getIntNTy(W))
                                 : B.getIntN(W, 0);
    Value *R = Add ? B.CreateAdd(B.CreateAdd(In[0], In[1]), C)
                   : B.CreateSub(B.CreateSub(In[0], In[1]), C);
    if (O.has("cc")) // unsigned carry (or borrow) out
      Carry = Add ? B.CreateOr(B.CreateICmpULT(R, In[0]),
                               B.CreateAnd(B.CreateICmpEQ(R, In[0]),
                                           B.CreateICmpNE(C, B.getIntN(W, 0))))
                  : B.CreateOr(B.CreateICmpUGT(R, In[0]),
                               B.CreateAnd(B.CreateICmpEQ(R, In[0]),
                                           B.CreateICmpNE(C, B.getIntN(W, 0))));
    return R;
  }
  if (Op == "div" || Op == "rem")
    return unsupportedPtx("integer '" + Op + "' (division checks)");
  auto Cmp = [&](bool Less) {
    Value *C = Signed ? (Less ? B.CreateICmpSLT(In[0], In[1])
                              : B.CreateICmpSGT(In[0], In[1]))
                      : (Less ? B.CreateICmpULT(In[0], In[1])
                              : B.CreateICmpUGT(In[0], In[1]));
    return B.CreateSelect(C, In[0], In[1]);
  };
  if (Op == "min" || Op == "max")
    return Cmp(Op == "min");
  if (Op == "neg")
    return B.CreateNeg(In[0]);
  if (Op == "abs")
    return B.CreateIntrinsic(Intrinsic::abs, {In[0]->getType()},
                             {In[0], B.getFalse()});
  return bitOp(O, In);
}

Expected<Value *> PtxOps::bitOp(const PtxOpcode &O, ArrayRef<Value *> In) {
  StringRef Op = O.Op;
  unsigned W = In[0]->getType()->getIntegerBitWidth();
  if (Op == "and")
    return B.CreateAnd(In[0], In[1]);
  if (Op == "or")
    return B.CreateOr(In[0], In[1]);
  if (Op == "xor")
    return B.CreateXor(In[0], In[1]);
  if (Op == "not")
    return B.CreateNot(In[0]);
  if (Op == "brev")
    return B.CreateUnaryIntrinsic(Intrinsic::bitreverse, In[0]);
  if (Op == "popc") // (d is .u32)
    return B.CreateZExtOrTrunc(B.CreateUnaryIntrinsic(Intrinsic::ctpop, In[0]),
                               B.getInt32Ty());
  if (Op == "clz")
    return B.CreateZExtOrTrunc(
        B.CreateIntrinsic(Intrinsic::ctlz, {In[0]->getType()},
                          {In[0], B.getFalse()}),
        B.getInt32Ty());
  if (Op == "bfind") { // the highest non-sign bit, or ~0
    Value *A = In[0];
    if (O.type().starts_with("s"))
      A = B.CreateSelect(B.CreateICmpSLT(A, B.getIntN(W, 0)), B.CreateNot(A), A);
    Value *Lz = B.CreateZExtOrTrunc(
        B.CreateIntrinsic(Intrinsic::ctlz, {A->getType()}, {A, B.getFalse()}),
        B.getInt32Ty());
    Value *Found = O.has("shiftamt") ? Lz : B.CreateSub(B.getInt32(W - 1), Lz);
    return B.CreateSelect(B.CreateICmpEQ(A, B.getIntN(W, 0)),
                          B.getInt32(~0u), Found);
  }
  if (Op == "bmsk") { // bits [a, a + b) of 32; 0 past the top when clamped
    Value *A1 = B.CreateAnd(In[0], 31), *B1 = B.CreateAnd(In[1], 31);
    Value *Sum = B.CreateAdd(A1, B1);
    Value *Mask0 = B.CreateShl(B.getInt32(~0u), A1);
    Value *Ones = B.CreateICmpUGE(Sum, B.getInt32(32));
    if (O.has("clamp")) {
      Mask0 = B.CreateSelect(B.CreateICmpUGE(In[0], B.getInt32(32)),
                             B.getInt32(0), Mask0);
      Ones = B.CreateOr(Ones, B.CreateOr(B.CreateICmpUGE(In[0], B.getInt32(32)),
                                         B.CreateICmpUGE(In[1], B.getInt32(32))));
    }
    Value *Mask1 = B.CreateSelect(
        Ones, B.getInt32(0),
        B.CreateSelect(B.CreateICmpEQ(B1, B.getInt32(0)), B.getInt32(~0u),
                       B.CreateShl(B.getInt32(~0u),
                                   B.CreateAnd(Sum, 31))));
    return B.CreateAnd(Mask0, B.CreateNot(Mask1));
  }
  if (Op == "shl" || Op == "shr") {
    // PTX clamps shift amounts at the width.
    Value *N = B.CreateZExtOrTrunc(In[1], In[0]->getType());
    Value *Big = B.CreateICmpUGE(N, B.getIntN(W, W));
    Value *Safe = B.CreateSelect(Big, B.getIntN(W, 0), N);
    if (Op == "shl")
      return B.CreateSelect(Big, B.getIntN(W, 0), B.CreateShl(In[0], Safe));
    if (O.type().starts_with("s"))
      return B.CreateAShr(In[0], B.CreateSelect(Big, B.getIntN(W, W - 1), N));
    return B.CreateSelect(Big, B.getIntN(W, 0), B.CreateLShr(In[0], Safe));
  }
  if (Op == "prmt") { // default mode: byte selectors of {b, a}
    Value *Pair = B.CreateOr(B.CreateShl(B.CreateZExt(In[1], B.getInt64Ty()), 32),
                             B.CreateZExt(In[0], B.getInt64Ty()));
    Value *R = B.getInt32(0);
    for (unsigned K = 0; K < 4; ++K) {
      Value *Sel = B.CreateAnd(B.CreateLShr(In[2], 4 * K), 0xf);
      Value *Byte = B.CreateTrunc(
          B.CreateLShr(Pair, B.CreateZExt(B.CreateMul(B.CreateAnd(Sel, 7),
                                                      B.getInt32(8)),
                                          B.getInt64Ty())),
          B.getInt8Ty());
      // Sign replication (bit 3) copies the byte's top bit.
      Value *Sign = B.CreateSExt(B.CreateICmpSLT(Byte, B.getInt8(0)),
                                 B.getInt8Ty());
      Byte = B.CreateSelect(B.CreateICmpNE(B.CreateAnd(Sel, 8), B.getInt32(0)),
                            Sign, Byte);
      R = B.CreateOr(R, B.CreateShl(B.CreateZExt(Byte, B.getInt32Ty()), 8 * K));
    }
    return R;
  }
  if (Op == "lop3") { // d = LUT[(a bit, b bit, c bit)] per bit
    auto *Lut = dyn_cast<ConstantInt>(In[3]);
    if (!Lut)
      return unsupportedPtx("lop3 with a non-constant table");
    Value *R = B.getInt32(0);
    for (unsigned K = 0; K < 8; ++K) {
      if (!(Lut->getZExtValue() >> K & 1))
        continue;
      auto Pick = [&](Value *V, unsigned Bit) {
        return Bit ? V : B.CreateNot(V);
      };
      R = B.CreateOr(R, B.CreateAnd(Pick(In[0], K >> 2 & 1),
                                    B.CreateAnd(Pick(In[1], K >> 1 & 1),
                                                Pick(In[2], K & 1))));
    }
    return R;
  }
  if (Op == "bfe") { // a's bits [pos, pos+len), sign-extended for .s
    Value *Pos = B.CreateZExtOrTrunc(B.CreateAnd(In[1], 0xff), In[0]->getType());
    Value *Len = B.CreateZExtOrTrunc(B.CreateAnd(In[2], 0xff), In[0]->getType());
    Value *Full = B.getIntN(W, W);
    Pos = B.CreateSelect(B.CreateICmpUGT(Pos, Full), Full, Pos);
    Len = B.CreateSelect(B.CreateICmpUGT(Len, B.CreateSub(Full, Pos)),
                         B.CreateSub(Full, Pos), Len);
    Value *Wide = B.CreateZExt(In[0], B.getIntNTy(2 * W));
    Value *Shifted = B.CreateLShr(Wide, B.CreateZExt(Pos, Wide->getType()));
    Value *Up = B.CreateZExt(B.CreateSub(Full, Len), Wide->getType());
    Value *R = B.CreateTrunc(B.CreateShl(Shifted, Up), In[0]->getType());
    Value *Back = B.CreateSub(Full, Len);
    Value *Out = O.type().starts_with("s") ? B.CreateAShr(R, Back)
                                           : B.CreateLShr(R, Back);
    return B.CreateSelect(B.CreateICmpEQ(Len, B.getIntN(W, 0)),
                          B.getIntN(W, 0), Out);
  }
  if (Op == "bfi") { // b with a's low len bits at pos
    Value *Pos = B.CreateZExtOrTrunc(B.CreateAnd(In[2], 0xff), B.getInt64Ty());
    Value *Len = B.CreateZExtOrTrunc(B.CreateAnd(In[3], 0xff), B.getInt64Ty());
    Value *Mask = B.CreateShl(B.CreateSub(B.CreateShl(B.getInt64(1), Len),
                                          B.getInt64(1)),
                              Pos);
    Value *A = B.CreateShl(B.CreateZExt(In[0], B.getInt64Ty()), Pos);
    Value *R = B.CreateOr(B.CreateAnd(A, Mask),
                          B.CreateAnd(B.CreateZExt(In[1], B.getInt64Ty()),
                                      B.CreateNot(Mask)));
    return B.CreateTrunc(R, In[0]->getType());
  }
  if (Op == "shf") { // funnel shift of {b, a} (b high)
    Value *N = B.CreateAnd(In[2], O.has("wrap") ? 31 : 0xffffffff);
    N = B.CreateSelect(B.CreateICmpUGT(N, B.getInt32(32)), B.getInt32(32), N);
    Value *Pair = B.CreateOr(B.CreateShl(B.CreateZExt(In[1], B.getInt64Ty()), 32),
                             B.CreateZExt(In[0], B.getInt64Ty()));
    Value *N64 = B.CreateZExt(N, B.getInt64Ty());
    return O.has("l") ? B.CreateTrunc(B.CreateLShr(B.CreateShl(Pair, N64), 32),
                                      B.getInt32Ty())
                      : B.CreateTrunc(B.CreateLShr(Pair, N64), B.getInt32Ty());
  }
  return unsupportedPtx("instruction '" + O.Op + "'");
}

Expected<Value *> PtxOps::set(const PtxOpcode &O, Value *A, Value *Bv) {
  StringRef From = O.type(0), To = O.type(1);
  bool Pair = From.ends_with("x2");
  PtxOpcode Cmp{"setp", {O.Mods.front(), Pair ? From.drop_back(2) : From}};
  unsigned Lane = Pair ? 16 : ptxWidth(From), Out = Pair ? 16 : ptxWidth(To);
  StringRef ToLane = Pair && To.ends_with("x2") ? To.drop_back(2) : To;
  // True is 1.0 in a float result, all ones in an integer one.
  APInt True = ToLane == "f32"    ? APInt(32, 0x3f800000)
               : ToLane == "f16"  ? APInt(16, 0x3c00)
               : ToLane == "bf16" ? APInt(16, 0x3f80)
               : ToLane == "f64"  ? APInt(64, 0x3ff0000000000000)
                                  : APInt::getAllOnes(Out);
  Value *R = B.getIntN(Pair ? 32 : Out, 0);
  for (unsigned K = 0; K < (Pair ? 2 : 1); ++K) {
    auto Half = [&](Value *V) {
      return Pair ? B.CreateTrunc(B.CreateLShr(bits(V, 32), 16 * K),
                                  B.getInt16Ty())
                  : bits(V, Lane);
    };
    Expected<Value *> P = compare(Cmp, Half(A), Half(Bv));
    if (!P)
      return P.takeError();
    Value *V = B.CreateSelect(*P, B.getInt(True.zextOrTrunc(Out)),
                              B.getIntN(Out, 0));
    R = B.CreateOr(R, B.CreateShl(B.CreateZExt(V, R->getType()), 16 * K));
  }
  return R;
}

Expected<Value *> PtxOps::compare(const PtxOpcode &O, Value *A, Value *Bv) {
  StringRef Ty = O.type();
  StringRef Cmp = O.Mods.empty() ? "" : O.Mods.front();
  if (Ty.starts_with("f") || Ty.starts_with("bf")) {
    Value *X = asFloat(A, Ty), *Y = asFloat(Bv, Ty);
    CmpInst::Predicate P = StringSwitch<CmpInst::Predicate>(Cmp)
                               .Case("eq", CmpInst::FCMP_OEQ)
                               .Case("ne", CmpInst::FCMP_ONE)
                               .Case("lt", CmpInst::FCMP_OLT)
                               .Case("le", CmpInst::FCMP_OLE)
                               .Case("gt", CmpInst::FCMP_OGT)
                               .Case("ge", CmpInst::FCMP_OGE)
                               .Case("equ", CmpInst::FCMP_UEQ)
                               .Case("neu", CmpInst::FCMP_UNE)
                               .Case("ltu", CmpInst::FCMP_ULT)
                               .Case("leu", CmpInst::FCMP_ULE)
                               .Case("gtu", CmpInst::FCMP_UGT)
                               .Case("geu", CmpInst::FCMP_UGE)
                               .Case("nan", CmpInst::FCMP_UNO)
                               .Case("num", CmpInst::FCMP_ORD)
                               .Default(CmpInst::BAD_FCMP_PREDICATE);
    if (P == CmpInst::BAD_FCMP_PREDICATE || X->getType()->isVectorTy())
      return unsupportedPtx("comparison 'setp." + Cmp + "." + Ty + "'");
    return B.CreateFCmp(P, X, Y);
  }
  bool S = Ty.starts_with("s");
  CmpInst::Predicate P =
      StringSwitch<CmpInst::Predicate>(Cmp)
          .Case("eq", CmpInst::ICMP_EQ).Case("ne", CmpInst::ICMP_NE)
          .Case("lt", S ? CmpInst::ICMP_SLT : CmpInst::ICMP_ULT)
          .Case("le", S ? CmpInst::ICMP_SLE : CmpInst::ICMP_ULE)
          .Case("gt", S ? CmpInst::ICMP_SGT : CmpInst::ICMP_UGT)
          .Case("ge", S ? CmpInst::ICMP_SGE : CmpInst::ICMP_UGE)
          .Case("lo", CmpInst::ICMP_ULT).Case("ls", CmpInst::ICMP_ULE)
          .Case("hi", CmpInst::ICMP_UGT).Case("hs", CmpInst::ICMP_UGE)
          .Default(CmpInst::BAD_ICMP_PREDICATE);
  if (P == CmpInst::BAD_ICMP_PREDICATE)
    return unsupportedPtx("comparison 'setp." + Cmp + "." + Ty + "'");
  return B.CreateICmp(P, A, Bv);
}

} // namespace gevo::cpu
