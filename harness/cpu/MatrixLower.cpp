//===- MatrixLower.cpp - WMMA, mma.sync and ldmatrix to runtime calls -----===//
//
// llvm.nvvm.wmma.SHAPE.{load.{a,b,c}, store.d}.LAYOUT.stride.TYPE[.pN],
// llvm.nvvm.wmma.SHAPE.mma.ALAYOUT.BLAYOUT.TYPES, llvm.nvvm.mma.SHAPE.row.col
// .TYPES (mma.sync) and llvm.nvvm.ldmatrix.sync.aligned.m8n8.xN[.trans].b16
// become one call each of gevo_rt_matrix(op, words, address, stride, UID)
// (Matrix.h): the lane's registers are stored as 32-bit words into a
// local array before the call and its result registers loaded from it
// after. What else the intrinsic names (integer and sub-byte types,
// satfinite, the WMMA loads without a stride) is an error naming it.
//
//===----------------------------------------------------------------------===//

#include "Matrix.h"
#include "Retarget.h"
#include "Runtime.h"

#include "Nvvm.h"

#include "gevo/support/EnumNames.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <optional>

using namespace llvm;

namespace gevo::cpu {
namespace {

constexpr EnumName<MatrixShape> Shapes[] = {
    {MatrixShape::M16N16K16, "m16n16k16"}, {MatrixShape::M32N8K16, "m32n8k16"},
    {MatrixShape::M8N32K16, "m8n32k16"},   {MatrixShape::M16N16K8, "m16n16k8"},
    {MatrixShape::M16N8K16, "m16n8k16"},   {MatrixShape::M16N8K8, "m16n8k8"},
    {MatrixShape::M16N8K4, "m16n8k4"}};
constexpr EnumName<MatrixType> Types[] = {{MatrixType::F16, "f16"},
                                          {MatrixType::BF16, "bf16"},
                                          {MatrixType::TF32, "tf32"},
                                          {MatrixType::F32, "f32"}};

std::optional<MatrixShape> parseShape(StringRef S) {
  return parseName(Shapes, S);
}

std::optional<MatrixType> parseType(StringRef S) { return parseName(Types, S); }

/// An mma's types after its layouts: "DTYPE.CTYPE" for f16 inputs, "bf16"
/// or "tf32" (f32 C and D) otherwise.
bool parseMmaTypes(ArrayRef<StringRef> Parts, MatrixOp &O) {
  if (Parts.size() == 1 && (Parts[0] == "bf16" || Parts[0] == "tf32")) {
    O.Type = *parseType(Parts[0]);
    return true;
  }
  if (Parts.size() != 2)
    return false;
  auto D = parseType(Parts[0]), C = parseType(Parts[1]);
  auto Half = [](std::optional<MatrixType> T) {
    return T == MatrixType::F16 || T == MatrixType::F32;
  };
  if (!Half(D) || !Half(C))
    return false;
  O.Type = MatrixType::F16;
  O.D = *D;
  O.C = *C;
  return true;
}

/// The operation \p Rest (the name after llvm.nvvm.) names, if supported.
std::optional<MatrixOp> parseName(StringRef Rest) {
  SmallVector<StringRef> P;
  Rest.split(P, '.');
  if (P.back().size() == 2 && P.back()[0] == 'p') // the pointer's overload
    P.pop_back();
  MatrixOp O;
  if (P[0] == "ldmatrix") { // ldmatrix.sync.aligned.m8n8.xN[.trans].b16
    if (P.size() < 6 || P[3] != "m8n8" || P.back() != "b16")
      return std::nullopt;
    O.Kind = MatrixKind::LdMatrix;
    O.Shape = MatrixShape::M8N8;
    O.Count = StringSwitch<unsigned>(P[4]).Case("x1", 1).Case("x2", 2)
                  .Case("x4", 4).Default(0);
    O.ColMajor = P.size() == 7 && P[5] == "trans";
    if (!O.Count || P.size() != 6u + O.ColMajor)
      return std::nullopt;
    return O;
  }
  if (P.size() < 4)
    return std::nullopt;
  auto Shape = parseShape(P[1]);
  if (!Shape)
    return std::nullopt;
  O.Shape = *Shape;
  bool Wmma = P[0] == "wmma";
  if (Wmma != (O.Shape < MatrixShape::M16N8K16) || (!Wmma && P[0] != "mma"))
    return std::nullopt;
  if (P[2] == "mma" || !Wmma) { // [wmma.]SHAPE[.mma].ALAYOUT.BLAYOUT.TYPES
    unsigned At = Wmma ? 5 : 4;
    O.Kind = MatrixKind::Mma;
    if (P.size() <= At || (!Wmma && (P[2] != "row" || P[3] != "col")) ||
        !parseMmaTypes(ArrayRef<StringRef>(P).drop_front(At), O))
      return std::nullopt;
    return O;
  }
  // wmma.SHAPE.load.{a,b,c}|store.d .LAYOUT.stride.TYPE[.pN]
  bool Load = P[2] == "load";
  if ((!Load && P[2] != "store") || P.size() != 7 || P[5] != "stride")
    return std::nullopt;
  O.Kind = Load ? MatrixKind::Load : MatrixKind::Store;
  O.Use = StringSwitch<MatrixUse>(P[3])
              .Case("a", MatrixUse::A).Case("b", MatrixUse::B)
              .Default(MatrixUse::Acc);
  if (Load ? P[3] != "a" && P[3] != "b" && P[3] != "c" : P[3] != "d")
    return std::nullopt;
  O.ColMajor = P[4] == "col";
  auto Ty = parseType(P[6]);
  if ((!O.ColMajor && P[4] != "row") || !Ty)
    return std::nullopt;
  O.Type = *Ty;
  if (O.Use == MatrixUse::Acc) {
    if (O.Type != MatrixType::F16 && O.Type != MatrixType::F32)
      return std::nullopt;
  } else if (O.Type == MatrixType::F32 ||
             (O.Type == MatrixType::TF32) != (O.Shape == MatrixShape::M16N16K8)) {
    return std::nullopt;
  }
  return O;
}

/// The number of 32-bit registers the call passes: an mma's A, B and C.
unsigned mmaInputs(const MatrixOp &O) {
  return fragmentRegs(O.Shape, MatrixUse::A, O.Type) +
         fragmentRegs(O.Shape, MatrixUse::B, O.Type) +
         fragmentRegs(O.Shape, MatrixUse::Acc, O.C);
}

class MatrixCall {
public:
  MatrixCall(IRBuilder<> &B, CallInst &CI) : B(B), CI(CI) {
    Function &F = *CI.getFunction();
    IRBuilder<> Entry(&*F.getEntryBlock().getFirstInsertionPt());
    Words = Entry.CreateAlloca(
        ArrayType::get(B.getInt32Ty(), RegsWords),
        F.getParent()->getDataLayout().getAllocaAddrSpace(), nullptr,
        "gevo.matrix");
  }
  Value *slot(unsigned Word) {
    return B.CreateConstInBoundsGEP2_32(Words->getAllocatedType(), Words, 0,
                                        Word);
  }
  void store(unsigned Word, Value *V) {
    B.CreateStore(B.CreateBitCast(V, B.getInt32Ty()), slot(Word));
  }
  /// The registers \p CI's result holds, from word \p First on.
  Value *result(unsigned First) {
    Type *T = CI.getType();
    auto Load = [&](unsigned K, Type *Ty) {
      return B.CreateBitCast(B.CreateLoad(B.getInt32Ty(), slot(First + K)), Ty);
    };
    auto *ST = dyn_cast<StructType>(T);
    if (!ST)
      return Load(0, T);
    Value *R = PoisonValue::get(ST);
    for (unsigned K = 0; K < ST->getNumElements(); ++K)
      R = B.CreateInsertValue(R, Load(K, ST->getElementType(K)), K);
    return R;
  }
  void call(ContextAccess &Ctx, const MatrixOp &O, Value *Ptr, Value *Stride) {
    Value *Generic = Ptr ? B.CreateAddrSpaceCast(Ptr, B.getPtrTy())
                         : ConstantPointerNull::get(B.getPtrTy());
    Value *Base = B.CreateAddrSpaceCast(Words, B.getPtrTy());
    B.CreateCall(Ctx.runtime(GEVO_RT_MATRIX),
                 {B.getInt32(O.encode()), Base, Generic,
                  Stride ? Stride : B.getInt32(0), uidString(CI)});
  }

private:
  IRBuilder<> &B;
  CallInst &CI;
  AllocaInst *Words;
};

/// How many registers \p T (a struct of them, or one) holds.
unsigned registers(Type *T) {
  if (auto *ST = dyn_cast<StructType>(T))
    return ST->getNumElements();
  return T->isVoidTy() ? 0 : 1;
}

bool is32(Value *V) { return V->getType()->getPrimitiveSizeInBits() == 32; }

} // namespace

Expected<Value *> lowerMatrixIntrinsic(IRBuilder<> &B, CallInst &CI,
                                       StringRef Rest, ContextAccess &Ctx) {
  std::optional<MatrixOp> O = parseName(Rest);
  auto Unsupported = [&] {
    return unsupportedIntrinsic("cpu", CI.getCalledFunction()->getName());
  };
  if (!O)
    return Unsupported();
  MatrixCall Call(B, CI);
  unsigned Args = CI.arg_size();
  switch (O->Kind) {
  case MatrixKind::Load: // (pointer, stride) -> registers
    if (Args != 2 ||
        registers(CI.getType()) != fragmentRegs(O->Shape, O->Use, O->Type))
      return Unsupported();
    Call.call(Ctx, *O, CI.getArgOperand(0), CI.getArgOperand(1));
    return Call.result(RegsA);
  case MatrixKind::Store: { // (pointer, registers..., stride)
    unsigned N = fragmentRegs(O->Shape, O->Use, O->Type);
    if (Args != N + 2)
      return Unsupported();
    for (unsigned K = 0; K < N; ++K) {
      if (!is32(CI.getArgOperand(1 + K)))
        return Unsupported();
      Call.store(RegsA + K, CI.getArgOperand(1 + K));
    }
    Call.call(Ctx, *O, CI.getArgOperand(0), CI.getArgOperand(N + 1));
    return nullptr;
  }
  case MatrixKind::Mma: {
    unsigned NA = fragmentRegs(O->Shape, MatrixUse::A, O->Type);
    unsigned NB = fragmentRegs(O->Shape, MatrixUse::B, O->Type);
    if (Args != mmaInputs(*O) ||
        registers(CI.getType()) !=
            fragmentRegs(O->Shape, MatrixUse::Acc, O->D))
      return Unsupported();
    for (unsigned K = 0; K < Args; ++K) {
      unsigned Word = K < NA        ? RegsA + K
                      : K < NA + NB ? RegsB + K - NA
                                    : RegsC + K - NA - NB;
      if (!is32(CI.getArgOperand(K)))
        return Unsupported();
      Call.store(Word, CI.getArgOperand(K));
    }
    Call.call(Ctx, *O, nullptr, nullptr);
    return Call.result(RegsD);
  }
  case MatrixKind::LdMatrix: // (shared pointer) -> Count registers
    if (Args != 1 || registers(CI.getType()) != O->Count)
      return Unsupported();
    Call.call(Ctx, *O, CI.getArgOperand(0), nullptr);
    return Call.result(RegsB);
  }
  return Unsupported();
}

} // namespace gevo::cpu
