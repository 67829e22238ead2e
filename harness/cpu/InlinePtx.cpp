//===- InlinePtx.cpp - Inline PTX as IR the cpu target runs ----------------===//
//
// A call of inline PTX (`asm("add.f16 %0, %1, %2;" : "=h"(r) : ...)`, and
// the many in CUDA's own headers) is replaced by the IR it means, before
// the NVVM intrinsics are lowered: special registers and warp operations
// become NVVM intrinsic calls (lowered like any other), the rest plain IR.
// The variant keeps its asm: this runs on the cpu target's copy only, so
// the PTX lowering still emits what the programmer wrote.
//
// An asm string is a list of statements: `{ }` scopes, `.reg` declarations
// (registers, predicates included), and instructions with `$N` operands
// (outputs first), declared registers, special registers, immediates
// (0x.., 0f.. and 0d.. float bits), `{a, b}` vectors (mov packing) and
// `[addr+off]` addresses. Registers hold bits (iN); a typed instruction
// reads them as its type. What is translated (PtxOps.cpp): mov; add sub
// mul mad fma min max neg abs in f16, f16x2, bf16 (through f32), f32, f64
// and the integer types, with the carries of add.cc/addc/sub.cc/subc; float
// div sqrt rcp rsqrt ex2 lg2 sin cos tanh; and or xor not shl shr prmt
// lop3 bfe bfi shf brev popc clz bfind bmsk fns; cvt in every rounding mode
// (also to f16x2/bf16x2 pairs); membar and fence; setp and selp with
// predicates; and (PtxMemory.cpp) ld/st
// (also .v2/.v4) in the generic, global and shared spaces with any cache
// qualifier or memory order, atom/red, cvta, cp.async and its groups;
// (PtxTexture.cpp) tex, tld4, suld.b and sust.b on texture and surface
// objects;
// shfl.sync (with its
// predicate), vote.sync, activemask; trap; (PtxMatrix.cpp) mma.sync,
// ldmatrix and cvt to tf32. A guarded instruction (`@p`,
// `@!p`) runs where its predicate holds; labels and `bra` (PtxBranch.cpp)
// make blocks of their own. Anything else (integer division, an unknown
// instruction) is an error naming it: the variant is not run.
//
//===----------------------------------------------------------------------===//

#include "InlinePtx.h"
#include "Retarget.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace gevo::cpu {

SmallVector<StringRef> vectorOperand(StringRef Tok) {
  SmallVector<StringRef> Parts;
  Tok.trim().trim("{}").split(Parts, ',');
  for (StringRef &P : Parts)
    P = P.trim();
  return Parts;
}

PtxTranslator::PtxTranslator(CallInst &Call, const InlineAsm &Asm)
    : Call(Call), B(&Call), Ops(B), Anchor(&Call) {
  unsigned Input = 0;
  for (const InlineAsm::ConstraintInfo &C : Asm.ParseConstraints()) {
    if (C.Type == InlineAsm::isOutput)
      ++NumOutputs;
    if (C.Type != InlineAsm::isInput)
      continue;
    // "+r" is an output and an input tied to it: the output starts as it.
    unsigned Tied = 0;
    if (!C.Codes.empty() && !StringRef(C.Codes[0]).getAsInteger(10, Tied))
      Regs["$" + std::to_string(Tied)] = Call.getArgOperand(Input);
    ++Input;
  }
}

Value *PtxTranslator::intrinsic(Intrinsic::ID Id, ArrayRef<Value *> Args) {
  return B.CreateCall(Intrinsic::getDeclaration(Call.getModule(), Id), Args);
}

Value *PtxTranslator::laneMask(StringRef Which) {
  Value *Lane = B.CreateZExt(
      intrinsic(Intrinsic::nvvm_read_ptx_sreg_laneid, {}), B.getInt64Ty());
  Value *One = B.getInt64(1);
  Value *Eq = B.CreateShl(One, Lane);
  Value *Lt = B.CreateSub(Eq, One);
  Value *Le = B.CreateSub(B.CreateShl(One, B.CreateAdd(Lane, One)), One);
  Value *M = StringSwitch<Value *>(Which)
                 .Case("eq", Eq).Case("lt", Lt).Case("le", Le)
                 .Case("gt", B.CreateNot(Le)).Default(B.CreateNot(Lt));
  return B.CreateTrunc(M, B.getInt32Ty());
}

/// A special register, or null. %warpid is unique in its block but not
/// the warp's index there (see below);
/// %smid is 0 and %nsmid 1; the clocks read 0 (the cpu target has no time
/// a variant could depend on deterministically); %reserved_smem_offset_*
/// are shared-window offsets into a block's reserved shared memory;
/// %envreg1 and %envreg2 give the grid workspace of a cooperative launch.
Value *PtxTranslator::specialRegister(StringRef Name) {
  using namespace Intrinsic;
  auto Sreg = [&](Intrinsic::ID Id) { return intrinsic(Id, {}); };
  static const std::pair<const char *, Intrinsic::ID> Plain[] = {
      {"tid.x", nvvm_read_ptx_sreg_tid_x},
      {"tid.y", nvvm_read_ptx_sreg_tid_y},
      {"tid.z", nvvm_read_ptx_sreg_tid_z},
      {"ntid.x", nvvm_read_ptx_sreg_ntid_x},
      {"ntid.y", nvvm_read_ptx_sreg_ntid_y},
      {"ntid.z", nvvm_read_ptx_sreg_ntid_z},
      {"ctaid.x", nvvm_read_ptx_sreg_ctaid_x},
      {"ctaid.y", nvvm_read_ptx_sreg_ctaid_y},
      {"ctaid.z", nvvm_read_ptx_sreg_ctaid_z},
      {"nctaid.x", nvvm_read_ptx_sreg_nctaid_x},
      {"nctaid.y", nvvm_read_ptx_sreg_nctaid_y},
      {"nctaid.z", nvvm_read_ptx_sreg_nctaid_z},
      {"laneid", nvvm_read_ptx_sreg_laneid},
      {"envreg1", nvvm_read_ptx_sreg_envreg1},
      {"envreg2", nvvm_read_ptx_sreg_envreg2},
  };
  for (auto [Reg, Id] : Plain)
    if (Name == Reg)
      return Sreg(Id);
  if (Name.consume_front("lanemask_"))
    return laneMask(Name);
  if (Name == "warpid") {
    Value *Linear = B.CreateAdd(
        Sreg(nvvm_read_ptx_sreg_tid_x),
        B.CreateMul(Sreg(nvvm_read_ptx_sreg_ntid_x),
                    B.CreateAdd(Sreg(nvvm_read_ptx_sreg_tid_y),
                                B.CreateMul(Sreg(nvvm_read_ptx_sreg_ntid_y),
                                            Sreg(nvvm_read_ptx_sreg_tid_z)))));
    // A GPU's %warpid is the warp's hardware slot: unique in the block, not
    // its index there. Rotated by the block's x index, a kernel that takes
    // it for the index fails here too.
    Value *Warps = B.CreateLShr(
        B.CreateAdd(B.CreateMul(Sreg(nvvm_read_ptx_sreg_ntid_x),
                                B.CreateMul(Sreg(nvvm_read_ptx_sreg_ntid_y),
                                            Sreg(nvvm_read_ptx_sreg_ntid_z))),
                    B.getInt32(31)),
        5);
    return B.CreateURem(
        B.CreateAdd(B.CreateLShr(Linear, 5), Sreg(nvvm_read_ptx_sreg_ctaid_x)),
        Warps);
  }
  if (Name == "smid" || Name == "clock")
    return B.getInt32(0);
  if (Name == "nsmid")
    return B.getInt32(1);
  if (Name == "clock64" || Name == "globaltimer")
    return B.getInt64(0);
  if (Name.consume_front("reserved_smem_offset_")) {
    unsigned Half = ReservedSharedBytes / 2;
    if (Name == "begin" || Name == "0")
      return reservedShared(0);
    if (Name == "1")
      return reservedShared(Half);
    if (Name == "end")
      return reservedShared(ReservedSharedBytes);
    if (Name == "cap")
      return B.getInt32(ReservedSharedBytes);
  }
  return nullptr;
}

Expected<Value *> PtxTranslator::read(StringRef Tok, unsigned Width) {
  Tok = Tok.trim();
  if (Tok.consume_front("$")) {
    unsigned N = 0;
    if (Tok.getAsInteger(10, N))
      return unsupportedPtx("operand '$" + Tok + "'");
    if (N < NumOutputs) {
      auto It = Regs.find(("$" + Tok).str());
      if (It == Regs.end())
        return unsupportedPtx("reading output $" + Tok + " before it is set");
      return bits(value(It->first(), It->second), Width);
    }
    if (N - NumOutputs >= Call.arg_size())
      return unsupportedPtx("operand $" + Tok + " out of range");
    return bits(Call.getArgOperand(N - NumOutputs), Width);
  }
  bool Percent = Tok.consume_front("%");
  if (auto It = Regs.find(Tok); It != Regs.end() && RegWidths.count(Tok))
    return bits(value(Tok, It->second), Width);
  if (Percent) {
    if (Value *S = specialRegister(Tok))
      return bits(S, Width);
    return unsupportedPtx("register '%" + Tok + "'");
  }
  if (Tok == "WARP_SZ") // PTX's constant
    return B.getIntN(Width, 32);
  if (Tok.starts_with_insensitive("0f") || Tok.starts_with_insensitive("0d")) {
    uint64_t V = 0;
    if (Tok.drop_front(2).getAsInteger(16, V))
      return unsupportedPtx("immediate '" + Tok + "'");
    return bits(B.getIntN(Tok[1] == 'f' || Tok[1] == 'F' ? 32 : 64, V), Width);
  }
  int64_t V = 0;
  StringRef Digits = Tok.rtrim("uUlL"); // C's suffixes: 0x3f80U
  if (Digits.empty() || Digits.getAsInteger(0, V))
    return unsupportedPtx("operand '" + Tok + "'");
  return B.getIntN(Width, uint64_t(V));
}

Error PtxTranslator::write(StringRef Tok, Value *V) {
  Tok = Tok.trim();
  std::string Name;
  Tok.consume_front("%");
  if (Tok.starts_with("$") || RegWidths.count(Tok))
    Name = Tok.str();
  else if (Tok == "_")
    return Error::success();
  else
    return unsupportedPtx("destination '" + Tok + "'");
  auto W = RegWidths.find(Name);
  if (AllocaInst *Slot = Slots.lookup(Name))
    B.CreateStore(bits(V, W->second), Slot);
  else
    Regs[Name] = W == RegWidths.end() ? V : bits(V, W->second);
  return Error::success();
}

Error PtxTranslator::statement(StringRef Text) {
  std::string Flat = Text.str();
  for (char &C : Flat)
    if (C == '\t' || C == '\n' || C == '\r')
      C = ' ';
  // Scope braces open a statement and close one; a vector's stay.
  // (A scope closing may precede another opening.)
  StringRef S = StringRef(Flat).ltrim(" {}").rtrim();
  while (S.ends_with("}") && S.count('}') > S.count('{'))
    S = S.drop_back().rtrim();
  if (S.empty() || S.starts_with("//"))
    return Error::success();
  auto [Head, Rest] = S.split(' ');
  Head = Head.trim();
  if (Head.consume_front("@"))
    return guarded(Head, Rest);
  if (Head.ends_with(":")) { // (and maybe an instruction)
    if (Error E = label(Head.drop_back()))
      return E;
    return statement(Rest);
  }
  if (Head == ".reg" || Head.starts_with(".reg.")) {
    // .reg .TYPE a, b, c<4> (ranges unsupported), or .reg.TYPE a, b
    auto [Ty, Names] = Head == ".reg" ? Rest.trim().split(' ')
                                      : std::pair(Head.drop_front(4), Rest);
    SmallVector<StringRef> List;
    Names.split(List, ',', -1, false);
    for (StringRef N : List) {
      N = N.trim();
      N.consume_front("%");
      if (N.contains('<'))
        return unsupportedPtx("register range '" + N + "'");
      RegWidths[N] = ptxWidth(Ty.drop_front());
      Regs[N] = B.getIntN(RegWidths[N], 0);
      if (Blocks)
        B.CreateStore(B.getIntN(RegWidths[N], 0), slot(N, RegWidths[N]));
    }
    return Error::success();
  }
  PtxOpcode O;
  SmallVector<StringRef> Parts;
  Head.split(Parts, '.');
  O.Op = Parts.front();
  O.Mods.assign(Parts.begin() + 1, Parts.end());
  // Operands: split at top-level commas ({a, b} and [x+y] stay whole).
  SmallVector<StringRef> Args;
  size_t Start = 0, Depth = 0;
  for (size_t I = 0; I <= Rest.size(); ++I) {
    char C = I < Rest.size() ? Rest[I] : ',';
    Depth += C == '{' || C == '[';
    Depth -= (C == '}' || C == ']') && Depth;
    if (C == ',' && !Depth) {
      if (!Rest.slice(Start, I).trim().empty())
        Args.push_back(Rest.slice(Start, I).trim());
      Start = I + 1;
    }
  }
  auto readAll = [&](ArrayRef<StringRef> Toks,
                     unsigned W) -> Expected<SmallVector<Value *>> {
    SmallVector<Value *> Vs;
    for (StringRef T : Toks) {
      Expected<Value *> V = read(T, W);
      if (!V)
        return V.takeError();
      Vs.push_back(*V);
    }
    return Vs;
  };
  StringRef Op = O.Op;
  if (Op == "trap" && Args.empty()) { // __trap() in CUDA's headers
    B.CreateIntrinsic(Intrinsic::trap, {}, {});
    return Error::success();
  }
  if (Op == "ld" || Op == "st")
    return memory(O, Args);
  if (Op == "atom" || Op == "red")
    return atomic(O, Args);
  if (Op == "cp" && O.has("async"))
    return asyncCopy(O, Args);
  if (Op == "cvta")
    return convertAddress(O, Args);
  if (Op == "shfl" || Op == "vote" || Op == "activemask")
    return warp(O, Args);
  if (Op == "mma" || Op == "ldmatrix" || (Op == "cvt" && O.has("tf32")))
    return matrix(O, Args);
  if (Op == "tex" || Op == "tld4" || Op == "suld" || Op == "sust")
    return texture(O, Args);
  if (Op == "bra" && Args.size() == 1)
    return branch(Args[0], nullptr);
  if (Op == "membar" || (Op == "fence" && !O.has("proxy"))) {
    intrinsic(O.has("cta") ? Intrinsic::nvvm_membar_cta
                           : Intrinsic::nvvm_membar_gl, {});
    return Error::success();
  }
  if (Op == "fence") // a proxy fence: the host has one memory, no proxies
    return Error::success();
  if (Args.empty())
    return unsupportedPtx("instruction '" + Head + "'");
  if (Op == "mov" && Args.size() == 2) {
    unsigned W = ptxWidth(O.type());
    if (Args[1].starts_with("{")) { // pack {lo, ..., hi}
      SmallVector<StringRef> Parts = vectorOperand(Args[1]);
      unsigned Each = W / Parts.size();
      Value *R = B.getIntN(W, 0);
      for (size_t K = 0; K < Parts.size(); ++K) {
        Expected<Value *> V = read(Parts[K], Each);
        if (!V)
          return V.takeError();
        R = B.CreateOr(R, B.CreateShl(B.CreateZExt(*V, R->getType()), K * Each));
      }
      return write(Args[0], R);
    }
    Expected<Value *> V = read(Args[1], W);
    if (!V)
      return V.takeError();
    if (Args[0].starts_with("{")) { // unpack
      SmallVector<StringRef> Parts = vectorOperand(Args[0]);
      unsigned Each = W / Parts.size();
      for (size_t K = 0; K < Parts.size(); ++K)
        if (Error E = write(Parts[K], B.CreateTrunc(B.CreateLShr(*V, K * Each),
                                                    B.getIntNTy(Each))))
          return E;
      return Error::success();
    }
    return write(Args[0], *V);
  }
  if (Op == "cvt" && Args.size() == 3) // cvt.rn.f16x2.f32 d, hi, lo
    return convertPair(O, Args);
  if (Op == "fns" && Args.size() == 4) {
    auto In = readAll(ArrayRef<StringRef>(Args).drop_front(), 32);
    if (!In)
      return In.takeError();
    return write(Args[0], intrinsic(Intrinsic::nvvm_fns, *In));
  }
  if (Op == "cvt" && Args.size() == 2) {
    Expected<Value *> V = read(Args[1], ptxWidth(O.type(0)));
    if (!V)
      return V.takeError();
    Expected<Value *> R = Ops.convert(O, *V);
    if (!R)
      return R.takeError();
    return write(Args[0], *R);
  }
  if (Op == "setp" && Args.size() == 3) {
    auto In = readAll({Args[1], Args[2]}, ptxWidth(O.type()));
    if (!In)
      return In.takeError();
    Expected<Value *> P = Ops.compare(O, (*In)[0], (*In)[1]);
    if (!P)
      return P.takeError();
    return write(Args[0].split('|').first, *P);
  }
  if (Op == "set" && Args.size() == 3) {
    auto In = readAll({Args[1], Args[2]}, ptxWidth(O.type(0)));
    if (!In)
      return In.takeError();
    Expected<Value *> R = Ops.set(O, (*In)[0], (*In)[1]);
    if (!R)
      return R.takeError();
    return write(Args[0], *R);
  }
  if (Op == "selp" && Args.size() == 4) {
    auto In = readAll({Args[1], Args[2]}, ptxWidth(O.type()));
    Expected<Value *> P = read(Args[3], 1);
    if (!In || !P)
      return joinErrors(In.takeError(), P.takeError());
    return write(Args[0], B.CreateSelect(*P, (*In)[0], (*In)[1]));
  }
  unsigned W = ptxWidth(O.type());
  // lop3's table and bfe/bfi/shf/prmt's selectors are 32-bit operands.
  auto In = readAll(ArrayRef<StringRef>(Args).drop_front(), W);
  if (!In)
    return In.takeError();
  if (Op == "mad" && O.has("wide") && Args.size() == 4) { // c is 2W wide
    Expected<Value *> C = read(Args[3], 2 * W);
    if (!C)
      return C.takeError();
    (*In)[2] = *C;
  }
  Expected<Value *> R = Ops.arithmetic(O, *In);
  if (!R)
    return R.takeError();
  return write(Args[0], *R);
}

Error PtxTranslator::convertPair(const PtxOpcode &O, ArrayRef<StringRef> Args) {
  StringRef Pair = O.type(1);
  if (Pair != "f16x2" && Pair != "bf16x2")
    return unsupportedPtx("instruction '" + O.name() + "' with two sources");
  PtxOpcode Lane = O;
  for (StringRef &M : Lane.Mods)
    if (M == Pair)
      M = Pair.drop_back(2);
  Value *R = B.getInt32(0);
  for (unsigned K = 0; K < 2; ++K) { // the first source is the high half
    Expected<Value *> V = read(Args[1 + K], ptxWidth(O.type(0)));
    if (!V)
      return V.takeError();
    Expected<Value *> H = Ops.convert(Lane, *V);
    if (!H)
      return H.takeError();
    R = B.CreateOr(R, B.CreateShl(B.CreateZExt(bits(*H, 16), B.getInt32Ty()),
                                  K ? 0 : 16));
  }
  return write(Args[0], R);
}

void PtxTranslator::finish() {
  if (Blocks)
    finishBlocks();
  SmallVector<Value *> Outs;
  for (unsigned K = 0; K < NumOutputs; ++K) {
    auto It = Regs.find("$" + std::to_string(K));
    Outs.push_back(It == Regs.end() ? nullptr : It->second);
  }
  Type *T = Call.getType();
  Value *Result = nullptr;
  auto As = [&](Value *V, Type *Want) -> Value * {
    if (!V)
      return UndefValue::get(Want);
    V = bits(V, Want->getPrimitiveSizeInBits());
    return Want->isIntegerTy() ? V : B.CreateBitCast(V, Want);
  };
  if (auto *ST = dyn_cast<StructType>(T)) {
    Result = UndefValue::get(ST);
    for (unsigned K = 0; K < ST->getNumElements() && K < Outs.size(); ++K)
      Result = B.CreateInsertValue(Result, As(Outs[K], ST->getElementType(K)), K);
  } else if (!T->isVoidTy()) {
    Result = As(Outs.empty() ? nullptr : Outs[0], T);
  }
  if (Result)
    Call.replaceAllUsesWith(Result);
  Function &F = *Call.getFunction();
  Call.eraseFromParent();
  if (Blocks)
    promoteSlots(F);
}

Error translateInlinePtx(Module &M, StringRef Target) {
  SmallVector<CallInst *> Calls;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (auto *Call = dyn_cast<CallInst>(&I); Call && Call->isInlineAsm())
        Calls.push_back(Call);
  for (CallInst *Call : Calls) {
    auto &Asm = *cast<InlineAsm>(Call->getCalledOperand());
    PtxTranslator T(*Call, Asm);
    SmallVector<StringRef> Statements;
    StringRef(Asm.getAsmString()).split(Statements, ';');
    if (PtxTranslator::branches(Statements))
      T.startBlocks(Statements);
    for (StringRef S : Statements)
      if (Error E = T.statement(S))
        return createStringError(
            inconvertibleErrorCode(),
            "%s: inline PTX the %s target cannot run: %s (in '%s')",
            siteOf(*Call).c_str(), Target.str().c_str(),
            toString(std::move(E)).c_str(),
            Asm.getAsmString().c_str());
    T.finish();
  }
  return Error::success();
}

} // namespace gevo::cpu
