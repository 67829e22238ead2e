//===- AddressSpaces.cpp - Everything into the generic address space ------===//
//
// On the host every pointer is a plain address. Shared variables become
// offsets into the block's arena (static ones first, then the dynamic
// `extern __shared__` area, where every such variable starts), and so do
// integers in the shared window; global and
// constant variables become ordinary host globals, visible by name. Then
// every pointer value is retyped to `ptr`, constant operands are rebuilt,
// intrinsic declarations are remangled and address-space casts vanish.
//
//===----------------------------------------------------------------------===//

#include "Retarget.h"
#include "Runtime.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ReplaceConstant.h"

using namespace llvm;

namespace gevo::cpu {
namespace {

constexpr unsigned DynamicSharedAlign = 16;

Error unsupportedUse(const GlobalVariable &G, StringRef Name) {
  return createStringError(inconvertibleErrorCode(),
                           "unsupported use of @%s in address space %u",
                           Name.str().c_str(), G.getAddressSpace());
}

Type *mapType(Type *T) {
  if (T->isPointerTy() && T->getPointerAddressSpace() != 0)
    return PointerType::get(T->getContext(), 0);
  if (auto *VT = dyn_cast<VectorType>(T))
    if (VT->getElementType()->isPointerTy())
      return VectorType::get(mapType(VT->getElementType()),
                             VT->getElementCount());
  return T;
}

/// Where an instruction for operand \p U must go: before the user, or at the
/// end of the incoming block for a PHI.
Instruction *insertPointFor(Use &U) {
  auto *I = cast<Instruction>(U.getUser());
  if (auto *Phi = dyn_cast<PHINode>(I))
    return Phi->getIncomingBlock(U)->getTerminator();
  return I;
}

/// Points every (instruction) use of \p G at what \p Make builds there.
/// \p Name is G's name (G may have given it to its replacement already).
Error replaceUses(GlobalVariable &G, StringRef Name,
                  function_ref<Value *(IRBuilder<> &)> Make) {
  for (Use &U : make_early_inc_range(G.uses())) {
    if (!isa<Instruction>(U.getUser()))
      return unsupportedUse(G, Name);
    IRBuilder<> B(insertPointFor(U));
    U.set(Make(B));
  }
  G.eraseFromParent();
  return Error::success();
}

/// The block's shared arena, as a thread sees it.
Value *sharedBase(IRBuilder<> &B, ContextAccess &Ctx) {
  auto *Base =
      cast<Instruction>(Ctx.loadField(B, CtxSharedOffset, B.getPtrTy(), true));
  Base->setMetadata(SharedBaseMD, MDNode::get(B.getContext(), {}));
  return Base;
}

/// Integers in the shared window (ptrtoint of a shared pointer, inttoptr to
/// one: __cvta_generic_to_shared, inline PTX's shared addresses) are
/// offsets into the block's arena, as on a GPU.
void lowerSharedIntegers(Module &M, ContextAccess &Ctx) {
  SmallVector<Instruction *> Casts;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if ((isa<PtrToIntInst>(I) &&
           I.getOperand(0)->getType()->getPointerAddressSpace() == SharedSpace) ||
          (isa<IntToPtrInst>(I) &&
           I.getType()->getPointerAddressSpace() == SharedSpace))
        Casts.push_back(&I);
  for (Instruction *I : Casts) {
    IRBuilder<> B(I);
    Value *Base = sharedBase(B, Ctx);
    Value *New;
    if (isa<PtrToIntInst>(I)) {
      // An instruction even for a variable: the arena's lowering rewrites
      // only instruction uses.
      Value *At = B.Insert(new PtrToIntInst(I->getOperand(0), B.getInt64Ty()));
      Value *Offset = B.CreateSub(At, B.CreatePtrToInt(Base, B.getInt64Ty()));
      New = B.CreateZExtOrTrunc(Offset, I->getType());
    } else {
      Value *Offset = B.CreateZExtOrTrunc(I->getOperand(0), B.getInt64Ty());
      New = B.CreateAddrSpaceCast(B.CreateGEP(B.getInt8Ty(), Base, Offset),
                                  I->getType());
    }
    I->replaceAllUsesWith(New);
    I->eraseFromParent();
  }
}

Expected<SharedLayout> lowerSharedVariables(Module &M, ContextAccess &Ctx) {
  SharedLayout Layout;
  const DataLayout &DL = M.getDataLayout();
  SmallVector<GlobalVariable *> Static, Dynamic;
  for (GlobalVariable &G : M.globals())
    if (G.getAddressSpace() == SharedSpace)
      (G.isDeclaration() ? Dynamic : Static).push_back(&G);
  uint64_t Size = 0;
  auto Place = [&](GlobalVariable *G, uint64_t Offset) {
    return replaceUses(*G, G->getName(), [&](IRBuilder<> &B) {
      return B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), sharedBase(B, Ctx),
                                          Offset);
    });
  };
  for (GlobalVariable *G : Static) {
    Size = alignTo(Size, DL.getValueOrABITypeAlignment(G->getAlign(),
                                                       G->getValueType()));
    uint64_t Offset = Size;
    Size += DL.getTypeAllocSize(G->getValueType());
    if (G->getName() == ReservedSharedName) {
      Layout.ReservedLo = unsigned(Offset);
      Layout.ReservedHi = unsigned(Size);
    }
    if (Error E = Place(G, Offset))
      return E;
  }
  Size = alignTo(Size, DynamicSharedAlign);
  for (GlobalVariable *G : Dynamic)
    if (Error E = Place(G, Size))
      return E;
  Layout.StaticBytes = unsigned(Size);
  return Layout;
}

/// A host global for each global or constant variable, under its name.
Error lowerOtherVariables(Module &M, StringSet<> &ReadOnly) {
  SmallVector<GlobalVariable *> Old;
  for (GlobalVariable &G : M.globals())
    if (G.getAddressSpace() != 0)
      Old.push_back(&G);
  for (GlobalVariable *G : Old) {
    auto *New = new GlobalVariable(
        M, G->getValueType(), G->isConstant(), GlobalValue::ExternalLinkage,
        G->hasInitializer() ? G->getInitializer() : nullptr, "", nullptr,
        G->getThreadLocalMode(), 0, G->isExternallyInitialized());
    New->takeName(G);
    if (G->getAddressSpace() == ConstantSpace)
      ReadOnly.insert(New->getName());
    New->setAlignment(G->getAlign());
    if (Error E = replaceUses(*G, New->getName(),
                              [&](IRBuilder<> &) { return New; }))
      return E;
  }
  return Error::success();
}

/// Rebuilds a constant operand whose type names an address space.
Value *mapConstant(Constant *C, Use &U, SmallVectorImpl<Instruction *> &Work) {
  Type *T = mapType(C->getType());
  if (isa<ConstantPointerNull>(C) || isa<ConstantAggregateZero>(C))
    return Constant::getNullValue(T);
  if (isa<PoisonValue>(C))
    return PoisonValue::get(T);
  if (isa<UndefValue>(C))
    return UndefValue::get(T);
  if (auto *CE = dyn_cast<ConstantExpr>(C)) {
    Instruction *I = CE->getAsInstruction();
    I->insertBefore(insertPointFor(U));
    Work.push_back(I);
    return I;
  }
  return C;
}

Error retypeFunction(Function &F) {
  for (Argument &A : F.args())
    if (mapType(A.getType()) != A.getType())
      return createStringError(inconvertibleErrorCode(),
                               "%s takes a pointer in address space %u",
                               F.getName().str().c_str(),
                               A.getType()->getPointerAddressSpace());
  SmallVector<Instruction *> Work;
  for (Instruction &I : instructions(F))
    Work.push_back(&I);
  while (!Work.empty()) {
    Instruction *I = Work.pop_back_val();
    for (Use &U : I->operands())
      if (auto *C = dyn_cast<Constant>(U.get());
          C && !isa<GlobalValue>(C) && mapType(C->getType()) != C->getType())
        U.set(mapConstant(C, U, Work));
    I->mutateType(mapType(I->getType()));
  }
  return Error::success();
}

/// Points calls of intrinsics overloaded on address spaces at the
/// declaration for address space 0, and drops casts that became no-ops.
void fixCallsAndCasts(Function &F) {
  for (Instruction &I : make_early_inc_range(instructions(F))) {
    if (auto *Cast = dyn_cast<AddrSpaceCastInst>(&I)) {
      Cast->replaceAllUsesWith(Cast->getOperand(0));
      Cast->eraseFromParent();
      continue;
    }
    auto *Call = dyn_cast<IntrinsicInst>(&I);
    SmallVector<Type *> Overloads;
    if (!Call ||
        !Intrinsic::getIntrinsicSignature(Call->getCalledFunction(), Overloads))
      continue;
    for (Type *&T : Overloads)
      T = mapType(T);
    Call->setCalledFunction(Intrinsic::getDeclaration(
        F.getParent(), Call->getIntrinsicID(), Overloads));
  }
}

} // namespace

bool isSharedBase(const Value *V) {
  auto *L = dyn_cast<LoadInst>(V);
  return L && L->getMetadata(SharedBaseMD);
}

Expected<SharedLayout> lowerAddressSpaces(Module &M, ContextAccess &Ctx,
                                          StringSet<> &ReadOnly) {
  // clang lists every __constant__ variable in @llvm.compiler.used; the host
  // copies are external, so nothing needs these lists to survive, and their
  // constant uses would block the rewrite below.
  for (StringRef List : {"llvm.used", "llvm.compiler.used"})
    if (GlobalVariable *G = M.getGlobalVariable(List))
      G->eraseFromParent();
  SmallVector<Constant *> NonGeneric;
  for (GlobalVariable &G : M.globals())
    if (G.getAddressSpace() != 0)
      NonGeneric.push_back(&G);
  convertUsersOfConstantsToInstructions(NonGeneric);
  lowerSharedIntegers(M, Ctx);
  Expected<SharedLayout> Shared = lowerSharedVariables(M, Ctx);
  if (!Shared)
    return Shared.takeError();
  if (Error E = lowerOtherVariables(M, ReadOnly))
    return E;
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    if (Error E = retypeFunction(F))
      return E;
    fixCallsAndCasts(F);
  }
  return Shared;
}

} // namespace gevo::cpu
