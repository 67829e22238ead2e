//===- MutatorTest.cpp - Mutations, replay, not-applicable edits ------------===//

#include "TestIR.h"

#include "gevo/passes/Mutator.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

using namespace gevo;
using namespace gevo::test;
using namespace llvm;

namespace {

const char *Kernel = R"(
target triple = "nvptx64-nvidia-cuda"
@sh = internal addrspace(3) global [64 x float] undef
define void @k(ptr addrspace(1) %a, ptr addrspace(1) %b, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp slt i32 %tid, %n
  br i1 %c, label %body, label %exit
body:
  %p = getelementptr inbounds float, ptr addrspace(1) %a, i32 %tid
  %v = load float, ptr addrspace(1) %p
  %s = getelementptr inbounds [64 x float], ptr addrspace(3) @sh, i32 0, i32 %tid
  store float %v, ptr addrspace(3) %s
  call void @llvm.nvvm.barrier0()
  %w = load float, ptr addrspace(3) %s
  %m = fmul float %v, %w
  %q = getelementptr inbounds float, ptr addrspace(1) %b, i32 %tid
  store float %m, ptr addrspace(1) %q
  br label %exit
exit:
  %r = phi i32 [ 0, %entry ], [ %tid, %body ]
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()
)";

Instruction *byName(Module &M, StringRef Name) {
  for (Instruction &I : instructions(*M.getFunction("k")))
    if (I.getName() == Name)
      return &I;
  return nullptr;
}

std::string uidOf(Module &M, StringRef Name) {
  return getUid(*byName(M, Name)).str();
}

TEST(Naming, IsIdempotentAndContinuesNumbering) {
  LLVMContext Ctx;
  auto M = parseNamed(Kernel, Ctx);
  std::string Once = text(*M);
  EXPECT_EQ(nameInstructions(*M), 0u);
  EXPECT_EQ(text(*M), Once);
  EXPECT_EQ(uidOf(*M, "tid"), "U0");
  // A new instruction without a UID is numbered after the largest one.
  Instruction *Extra = byName(*M, "m")->clone();
  Extra->setMetadata(UidMetadataKind, nullptr); // clone() copies the UID
  Extra->insertBefore(byName(*M, "m"));
  EXPECT_EQ(nameInstructions(*M), 1u);
  EXPECT_EQ(getUid(*Extra).str(), "U15");
}

TEST(Mutate, EveryOpVerifiesAndReplaysIdentically) {
  LLVMContext Ctx;
  auto Base = parseNamed(Kernel, Ctx);
  for (OpKind Op : allOps())
    for (uint64_t Seed = 0; Seed < 40; ++Seed) {
      auto M = CloneModule(*Base);
      Rng R(Seed);
      std::optional<Edit> E = mutate(*M, Op, R);
      ASSERT_TRUE(E) << opName(Op).str() << " seed " << Seed;
      ASSERT_EQ(verifyErrors(*M), "") << printEdit(*E);
      EXPECT_NE(text(*M), text(*Base)) << printEdit(*E);
      auto Replay = CloneModule(*Base);
      auto Parsed = parseEdit(printEdit(*E));
      ASSERT_TRUE(static_cast<bool>(Parsed));
      EXPECT_FALSE(errorToBool(applyEdit(*Replay, *Parsed)));
      EXPECT_EQ(text(*Replay), text(*M)) << printEdit(*E);
    }
}

TEST(Mutate, SameSeedSameEditsSameModule) {
  auto Run = [](uint64_t Seed) {
    LLVMContext Ctx;
    auto M = parseNamed(Kernel, Ctx);
    Rng R(Seed);
    std::string Log;
    for (int I = 0; I < 30; ++I)
      if (auto E = mutate(*M, allOps()[R.below(allOps().size())], R))
        Log += printEdit(*E) + "\n";
    return Log + text(*M);
  };
  EXPECT_EQ(Run(7), Run(7));
  EXPECT_NE(Run(7), Run(8));
}

TEST(Mutate, AListReplaysLikeTheEditsWereMade) {
  LLVMContext Ctx;
  auto Base = parseNamed(Kernel, Ctx);
  for (uint64_t Seed = 0; Seed < 20; ++Seed) {
    auto M = CloneModule(*Base);
    Rng R(Seed);
    std::vector<Edit> Edits;
    for (int I = 0; I < 8; ++I)
      if (auto E = mutate(*M, allOps()[R.below(allOps().size())], R))
        Edits.push_back(*E);
    ASSERT_EQ(verifyErrors(*M), "");
    auto Parsed = parseEdits(printEdits(Edits));
    ASSERT_TRUE(static_cast<bool>(Parsed));
    auto Replay = CloneModule(*Base);
    ApplyReport Report = applyEdits(*Replay, *Parsed);
    EXPECT_EQ(Report.Applied, Edits.size());
    EXPECT_TRUE(Report.NotApplicable.empty());
    EXPECT_EQ(text(*Replay), text(*M)) << printEdits(Edits);
  }
}

TEST(Apply, MissingTargetsAreReportedAndChangeNothing) {
  LLVMContext Ctx;
  auto M = parseNamed(Kernel, Ctx);
  std::string Before = text(*M);
  const std::pair<const char *, const char *> Cases[] = {
      {"delete U999", "no instruction U999"},
      {"copy U0 U999", "no instruction U999"},
      {"swap U999 U1", "no instruction U999"},
      {"replace U1 U4", "differ in type"},    // icmp (i1) vs load (float)
      {"delete U2", "cannot be deleted"},      // a terminator
      {"operand U3:9 U0", "cannot be replaced"},
      {"operand U1:0 U4", "cannot stand in"},  // a float in an i32 slot
      {"move U0 U1", "changes nothing"},
  };
  for (auto [Line, Why] : Cases) {
    auto E = parseEdit(Line);
    ASSERT_TRUE(static_cast<bool>(E)) << Line;
    Error Applied = applyEdit(*M, *E);
    std::string Reason = Applied ? toString(std::move(Applied)) : "";
    EXPECT_NE(Reason.find(Why), std::string::npos) << Line << ": " << Reason;
    EXPECT_EQ(text(*M), Before) << Line;
  }
  auto L = parseEdits("delete U999\ndelete U9\n");
  ApplyReport Report = applyEdits(*M, *L);
  EXPECT_EQ(Report.Applied, 1u);
  ASSERT_EQ(Report.NotApplicable.size(), 1u);
  EXPECT_EQ(Report.NotApplicable[0].first, 0u);
}

TEST(Apply, AStaleRecordedChoiceFallsBackToTheConstant) {
  LLVMContext Ctx;
  auto M = parseNamed(Kernel, Ctx);
  // %m (fmul %v, %w) loses %w; the recorded choice, %m itself, is not valid
  // there, so the constant 1.0 is used.
  std::string W = uidOf(*M, "w"), Mul = uidOf(*M, "m");
  auto E = parseEdit("delete " + W + " fix=" + Mul + ":1=" + Mul);
  ASSERT_FALSE(errorToBool(applyEdit(*M, *E)));
  auto *FMul = cast<Instruction>(byName(*M, "m"));
  EXPECT_EQ(verifyErrors(*M), "");
  auto *C = dyn_cast<ConstantFP>(FMul->getOperand(1));
  ASSERT_TRUE(C);
  EXPECT_TRUE(C->isExactlyValue(1.0));
}

// A promise such as inbounds was proven for an instruction's operands and
// place; broken, it makes poison that a GPU backend and the cpu target's
// JIT exploit differently (a variant right on one, wrong on the other).
TEST(Apply, EditedInstructionsMakeNoPromises) {
  LLVMContext Ctx;
  auto M = parseNamed(Kernel, Ctx);
  auto InBounds = [&](StringRef Name) {
    return cast<GetElementPtrInst>(byName(*M, Name))->isInBounds();
  };
  ASSERT_TRUE(InBounds("p") && InBounds("q") && InBounds("s"));
  auto E = parseEdit("operand " + uidOf(*M, "p") + ":1 A2");
  ASSERT_FALSE(errorToBool(applyEdit(*M, *E)));
  EXPECT_FALSE(InBounds("p")); // its index is now %n
  E = parseEdit("move " + uidOf(*M, "q") + " " + uidOf(*M, "m"));
  ASSERT_FALSE(errorToBool(applyEdit(*M, *E)));
  EXPECT_FALSE(InBounds("q")); // moved
  EXPECT_TRUE(InBounds("s"));  // untouched
  EXPECT_EQ(verifyErrors(*M), "");
}

TEST(Apply, DeleteRepairsPhiUsesAtTheIncomingEdge) {
  LLVMContext Ctx;
  auto M = parseNamed(Kernel, Ctx);
  // %tid feeds the phi from %body; after deleting it, the phi needs an i32
  // that dominates the end of %body; the edit records none, so replay
  // falls back to a constant.
  std::string Tid = uidOf(*M, "tid");
  Edit E;
  E.Op = OpKind::Delete;
  E.Target = Tid;
  ASSERT_FALSE(errorToBool(applyEdit(*M, E)));
  EXPECT_EQ(verifyErrors(*M), "");
  auto *Phi = cast<PHINode>(byName(*M, "r"));
  auto *C = dyn_cast<ConstantInt>(Phi->getIncomingValue(1));
  ASSERT_TRUE(C);
  EXPECT_EQ(C->getZExtValue(), 1u);
}

const char *TwoFunctions = R"(
target triple = "nvptx64-nvidia-cuda"
define void @_Z6updatePfi(ptr %p, i32 %n) {
entry:
  %a = add i32 %n, 1
  %b = mul i32 %a, 3
  %g = getelementptr float, ptr %p, i32 %b
  %v = load float, ptr %g
  %w = fmul float %v, 2.0
  store float %w, ptr %g
  ret void
}
define i32 @other(i32 %x) {
entry:
  %y = add i32 %x, 7
  %z = mul i32 %y, %x
  %u = sub i32 %z, %y
  ret i32 %u
}
)";

std::string functionText(const Function &F) {
  std::string S;
  raw_string_ostream OS(S);
  F.print(OS);
  return S;
}

TEST(Mutate, FunctionsKeepEditsInsideThem) {
  LLVMContext Ctx;
  auto Base = parseNamed(TwoFunctions, Ctx);
  std::string Other = functionText(*Base->getFunction("other"));
  unsigned Made = 0;
  for (OpKind Op : allOps())
    for (uint64_t Seed = 0; Seed < 40; ++Seed) {
      auto M = CloneModule(*Base);
      Rng R(Seed);
      std::optional<Edit> E = mutate(*M, Op, R, {"_Z6updatePfi"});
      if (!E)
        continue;
      ++Made;
      ASSERT_EQ(verifyErrors(*M), "") << printEdit(*E);
      EXPECT_EQ(functionText(*M->getFunction("other")), Other)
          << printEdit(*E);
    }
  EXPECT_GT(Made, 100u);
  // Without the scope, @other is edited too.
  unsigned OtherEdited = 0;
  for (uint64_t Seed = 0; Seed < 40; ++Seed) {
    auto M = CloneModule(*Base);
    Rng R(Seed);
    if (mutate(*M, OpKind::Delete, R))
      OtherEdited += functionText(*M->getFunction("other")) != Other;
  }
  EXPECT_GT(OtherEdited, 0u);
}

TEST(ResolveFunctions, TakesCudaAndIrNames) {
  LLVMContext Ctx;
  auto M = parseNamed(TwoFunctions, Ctx);
  auto F = resolveFunctions(*M, {"update", "other", "_Z6updatePfi"});
  ASSERT_TRUE(static_cast<bool>(F)) << toString(F.takeError());
  EXPECT_EQ(*F, (std::vector<std::string>{"_Z6updatePfi", "other"}));
  auto Bad = resolveFunctions(*M, {"other", "updat"});
  ASSERT_FALSE(static_cast<bool>(Bad));
  EXPECT_EQ(toString(Bad.takeError()),
            "no function named 'updat' (functions: other, update)");
}

} // namespace
