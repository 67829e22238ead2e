//===- Minimise.cpp - Minimise, ablate and explain edit lists --------------===//

#include "gevo/evolve/Minimise.h"
#include "gevo/evolve/SourceDiff.h"
#include "gevo/passes/Uid.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace gevo::evolve {

namespace {
bool acceptable(const std::optional<Objectives> &Got, const Objectives &Target,
                double Slack) {
  if (!Got || Got->size() != Target.size())
    return false;
  for (size_t I = 0; I < Target.size(); ++I)
    if ((*Got)[I] > Target[I] * (1 + Slack) + 1e-12)
      return false;
  return true;
}

/// Edits without those in [Begin, End).
std::vector<Edit> without(const std::vector<Edit> &Edits, size_t Begin,
                          size_t End) {
  std::vector<Edit> Out(Edits.begin(), Edits.begin() + Begin);
  Out.insert(Out.end(), Edits.begin() + End, Edits.end());
  return Out;
}
} // namespace

std::vector<Edit> minimiseEdits(const std::vector<Edit> &Edits,
                                const Objectives &Target,
                                const EditListScorer &Score, double Slack) {
  std::vector<Edit> Cur = Edits;
  size_t N = 2;
  while (Cur.size() >= 2) {
    N = std::min(N, Cur.size());
    std::vector<std::vector<Edit>> Complements;
    for (size_t I = 0; I < N; ++I)
      Complements.push_back(
          without(Cur, Cur.size() * I / N, Cur.size() * (I + 1) / N));
    std::vector<std::optional<Objectives>> Got = Score(Complements);
    size_t Found = N;
    for (size_t I = 0; I < N && Found == N; ++I)
      if (acceptable(Got[I], Target, Slack))
        Found = I;
    if (Found < N) {
      Cur = Complements[Found];
      N = std::max<size_t>(N - 1, 2);
      continue;
    }
    if (N == Cur.size())
      break;
    N = std::min(2 * N, Cur.size());
  }
  if (Cur.size() == 1 && acceptable(Score({{}})[0], Target, Slack))
    Cur.clear(); // the base itself is as good
  return Cur;
}

std::vector<Ablation> ablate(const std::vector<Edit> &Edits,
                             const EditListScorer &Score) {
  std::vector<std::vector<Edit>> Lists;
  for (size_t I = 0; I < Edits.size(); ++I)
    Lists.push_back(without(Edits, I, I + 1));
  std::vector<std::optional<Objectives>> Got = Score(Lists);
  std::vector<Ablation> Out;
  for (size_t I = 0; I < Edits.size(); ++I)
    Out.push_back({Edits[I], Got[I]});
  return Out;
}

namespace {
/// A few words on what kind of instruction I is.
std::string kindOf(const Instruction &I) {
  if (auto *Call = dyn_cast<CallBase>(&I)) {
    Function *F = Call->getCalledFunction();
    StringRef Name = F ? F->getName() : "";
    if (Name.contains("barrier") || Name.contains("bar.sync"))
      return "a barrier";
    if (Name.contains("shfl") || Name.contains("vote"))
      return "a warp operation";
    if (Name.contains("atomic"))
      return "an atomic";
    if (Name.contains("read.ptx.sreg"))
      return "a thread/block index read";
    if (Name.starts_with("__nv_"))
      return "a math function";
    return "a call";
  }
  auto Space = [](const Value *Ptr) {
    unsigned AS = Ptr->getType()->getPointerAddressSpace();
    return AS == 3   ? "shared "
           : AS == 4 ? "constant "
           : AS == 1 ? "global "
                     : "";
  };
  if (auto *L = dyn_cast<LoadInst>(&I))
    return std::string("a ") + Space(L->getPointerOperand()) + "load";
  if (auto *S = dyn_cast<StoreInst>(&I))
    return std::string("a ") + Space(S->getPointerOperand()) + "store";
  if (isa<AtomicRMWInst>(I) || isa<AtomicCmpXchgInst>(I))
    return "an atomic";
  if (isa<GetElementPtrInst>(I))
    return "an address computation";
  if (isa<CmpInst>(I))
    return "a comparison";
  if (isa<CastInst>(I))
    return "a conversion";
  if (I.isBinaryOp())
    return "arithmetic";
  return std::string(I.getOpcodeName());
}

std::string place(const Instruction &I) {
  std::string S;
  raw_string_ostream OS(S);
  OS << "in ";
  I.getParent()->printAsOperand(OS, false);
  OS << " of @" << I.getFunction()->getName();
  return S;
}

/// " at kernel.cu:17 `__syncthreads();`": where I came from when the kernel
/// has line tables, with the source line when the file is readable; "" without.
std::string sourceOf(const Instruction &I) {
  std::optional<SourceLine> S = sourceLineOf(I);
  if (!S)
    return "";
  std::string Where = " at " + S->File + ":" + std::to_string(S->Line);
  std::string Text = S->Text;
  if (Text.size() > 70)
    Text = Text.substr(0, 67) + "...";
  return Where + (Text.empty() ? "" : " `" + Text + "`");
}

std::string what(UidMap &Map, StringRef Uid) {
  Instruction *I = Map.lookup(Uid);
  if (!I)
    return Uid.str() + " (made by an earlier edit)";
  std::string Text;
  raw_string_ostream OS(Text);
  I->print(OS);
  // Without metadata attachments (the UID among them).
  std::string Shown = StringRef(Text).split(", !").first.trim().str();
  if (Shown.size() > 70)
    Shown = Shown.substr(0, 67) + "...";
  return Uid.str() + " `" + Shown + "` (" + kindOf(*I) + ") " + place(*I) +
         sourceOf(*I);
}
} // namespace

std::optional<size_t> chooseFinal(const std::vector<HeldOutResult> &C,
                                  size_t Min) {
  auto Better = [&](size_t I) {
    return I < C.size() && C[I].Passed && C[I].Cost < C[0].Cost;
  };
  if (Better(Min))
    return Min;
  for (size_t I = 1; I < Min; ++I)
    if (Better(I))
      return I;
  return std::nullopt;
}

std::string describeEdit(Module &Base, const Edit &E) {
  UidMap Map(Base);
  std::string Out;
  for (StringRef D = opDescription(E.Op); !D.empty();) {
    if (D.consume_front("{T}"))
      Out += what(Map, E.Target);
    else if (D.consume_front("{O}"))
      Out += E.Other;
    else if (D.consume_front("{I}"))
      Out += std::to_string(E.OperandIndex);
    else {
      Out += D.front();
      D = D.drop_front();
    }
  }
  return Out;
}

} // namespace gevo::evolve
