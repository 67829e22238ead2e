//===- PtxMatrix.cpp - Inline PTX's mma.sync, ldmatrix and tf32 cvt -------===//
//
// mma.sync.aligned.SHAPE.row.col.DTYPE.ATYPE.BTYPE.CTYPE {d..}, {a..},
// {b..}, {c..} becomes the NVVM intrinsic that names the same operation
// (llvm.nvvm.mma.SHAPE.row.col.DTYPE.CTYPE for f16 inputs, .bf16 / .tf32
// otherwise), and ldmatrix.sync.aligned.m8n8.xN[.trans].shared.b16 {r..},
// [addr] llvm.nvvm.ldmatrix.*: MatrixLower.cpp then makes them
// warp-collective runtime calls, as it does clang's. cvt.{rna,rn,rz}.tf32.f32
// (__float_to_tf32) is plain IR: the f32 rounded at bit 13 (to nearest,
// ties away from zero or to even, or toward zero), its low 13 bits zero;
// infinities stay, a NaN becomes the canonical 0x7fffffff.
//
//===----------------------------------------------------------------------===//

#include "InlinePtx.h"

#include "llvm/IR/Module.h"

using namespace llvm;

namespace gevo::cpu {
namespace {

/// The NVVM intrinsic inline PTX's mma.sync or ldmatrix \p O names.
std::string intrinsicName(const PtxOpcode &O) {
  ArrayRef<StringRef> M = O.Mods;
  if (M.size() < 3 || M[0] != "sync" || M[1] != "aligned")
    return "";
  if (O.Op == "ldmatrix") { // sync.aligned.m8n8.xN[.trans].shared[::cta].b16
    std::string Name = "llvm.nvvm.ldmatrix.sync.aligned.m8n8.";
    if (M.size() < 6 || M[2] != "m8n8" || M.back() != "b16" ||
        !M[M.size() - 2].starts_with("shared"))
      return "";
    if (M.size() == 7 && M[4] != "trans")
      return "";
    return Name + M[3].str() + (M.size() == 7 ? ".trans" : "") + ".b16";
  }
  // sync.aligned.SHAPE.row.col.D.A.B.C
  if (M.size() != 9 || M[3] != "row" || M[4] != "col" || M[6] != M[7])
    return "";
  std::string Name = ("llvm.nvvm.mma." + M[2] + ".row.col.").str();
  if (M[6] == "f16")
    return Name + M[5].str() + "." + M[8].str();
  if ((M[6] == "bf16" || M[6] == "tf32") && M[5] == "f32" && M[8] == "f32")
    return Name + M[6].str();
  return "";
}

} // namespace

Error PtxTranslator::matrix(const PtxOpcode &O, ArrayRef<StringRef> Args) {
  if (O.Op == "cvt")
    return tf32(O, Args);
  std::string Name = intrinsicName(O);
  Intrinsic::ID Id = Function::lookupIntrinsicID(Name);
  if (Name.empty() || Id == Intrinsic::not_intrinsic)
    return unsupportedPtx("instruction '" + O.name() + "'");
  // ldmatrix is overloaded on its (shared) pointer.
  SmallVector<Type *, 1> Overload;
  if (Intrinsic::isOverloaded(Id))
    Overload.push_back(B.getPtrTy(SharedSpace));
  Function *F = Intrinsic::getDeclaration(Call.getModule(), Id, Overload);
  FunctionType *FT = F->getFunctionType();
  SmallVector<Value *> In;
  if (O.Op == "ldmatrix") {
    if (Args.size() != 2)
      return unsupportedPtx("'" + O.name() + "' with " + Twine(Args.size()) +
                            " operands");
    Expected<Value *> P = address(Args[1], O);
    if (!P)
      return P.takeError();
    In.push_back(B.CreateAddrSpaceCast(*P, FT->getParamType(0)));
  } else {
    SmallVector<StringRef> Toks;
    for (StringRef A : ArrayRef<StringRef>(Args).drop_front())
      append_range(Toks, vectorOperand(A));
    if (Args.size() != 4 || Toks.size() != FT->getNumParams())
      return unsupportedPtx("the operands of '" + O.name() + "'");
    for (auto [Tok, Ty] : zip(Toks, FT->params())) {
      Expected<Value *> V = read(Tok, Ty->getPrimitiveSizeInBits());
      if (!V)
        return V.takeError();
      In.push_back(B.CreateBitCast(*V, Ty));
    }
  }
  Value *R = B.CreateCall(F, In);
  SmallVector<StringRef> Outs = vectorOperand(Args[0]);
  auto *ST = dyn_cast<StructType>(R->getType());
  if (Outs.size() != (ST ? ST->getNumElements() : 1))
    return unsupportedPtx("the destinations of '" + O.name() + "'");
  for (unsigned K = 0; K < Outs.size(); ++K)
    if (Error E = write(Outs[K], bits(ST ? B.CreateExtractValue(R, K) : R, 32)))
      return E;
  return Error::success();
}

Error PtxTranslator::tf32(const PtxOpcode &O, ArrayRef<StringRef> Args) {
  bool Rna = O.has("rna"), Rn = O.has("rn"), Rz = O.has("rz");
  if (Args.size() != 2 || O.type() != "f32" || !(Rna || Rn || Rz) ||
      O.has("satfinite") || O.has("relu"))
    return unsupportedPtx("instruction '" + O.name() + "'");
  Expected<Value *> V = read(Args[1], 32);
  if (!V)
    return V.takeError();
  Value *U = *V;
  Value *Bias = Rna ? B.getInt32(0x1000)
                : Rn ? B.CreateAdd(B.getInt32(0xFFF),
                                   B.CreateAnd(B.CreateLShr(U, 13), 1))
                     : B.getInt32(0);
  // Adding to the magnitude's bits rounds it; a carry reaches the exponent.
  Value *Rounded = B.CreateAnd(B.CreateAdd(U, Bias), B.getInt32(~0x1FFFu));
  Value *Abs = B.CreateAnd(U, 0x7FFFFFFF);
  Value *Special = B.CreateICmpUGE(Abs, B.getInt32(0x7F800000));
  Value *NaN = B.CreateICmpUGT(Abs, B.getInt32(0x7F800000));
  Value *R = B.CreateSelect(
      Special, B.CreateSelect(NaN, B.getInt32(0x7FFFFFFF), U), Rounded);
  return write(Args[0], R);
}

} // namespace gevo::cpu
