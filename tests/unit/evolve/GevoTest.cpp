//===- GevoTest.cpp - GEVO: crossover, variant building, the strategy -----===//
//
// The strategy runs here against an IR-only problem: a variant is valid
// when it keeps both stores of the test function, and its objective is its
// instruction count. That is enough to check the GA's mechanics (validity,
// improvement, determinism, checkpoints) without running kernels.
//
//===----------------------------------------------------------------------===//

#include "gevo/evolve/Gevo.h"
#include "gevo/passes/Mutator.h"
#include "gevo/passes/Uid.h"

#include "ParseIR.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <set>

using namespace llvm;
using namespace gevo;
using namespace gevo::evolve;

namespace {

const char *TestIR = R"(
define void @f(ptr %out, i32 %a, i32 %b) {
entry:
  %x = add i32 %a, %b
  %y = mul i32 %x, %a
  %z = sub i32 %y, %b
  %w = xor i32 %z, %x
  %v = add i32 %w, 7
  %u = shl i32 %v, 1
  %t = or i32 %u, %y
  store i32 %t, ptr %out
  %p = getelementptr i32, ptr %out, i32 1
  %s = mul i32 %t, %t
  store i32 %s, ptr %p
  ret void
}
)";

std::string baseBitcode(const std::string &IR = TestIR) {
  LLVMContext Ctx;
  std::unique_ptr<Module> M = test::parseTestIR(IR, Ctx);
  nameInstructions(*M);
  std::string BC;
  raw_string_ostream OS(BC);
  WriteBitcodeToFile(*M, OS);
  return OS.str();
}

struct IrOnly : Problem<Variant> {
  VariantBuilder B{baseBitcode()};
  Prepared prepare(const Variant &G) const override {
    Variant Copy = G;
    return B.build(Copy);
  }
  Prepared resolve(Variant &G) const override { return B.build(G); }
  std::vector<Evaluation>
  measure(const std::vector<const Prepared *> &Batch) override {
    std::vector<Evaluation> Out;
    for (const Prepared *P : Batch) {
      LLVMContext Ctx;
      auto M = parseBitcodeFile(MemoryBufferRef(P->Payload, "v"), Ctx);
      unsigned Stores = 0, Count = 0;
      for (Instruction &I : instructions(*(*M)->getFunction("f"))) {
        ++Count;
        Stores += isa<StoreInst>(I);
      }
      Evaluation E;
      E.S = Stores == 2 ? Status::Ok : Status::WrongOutput;
      if (E.S == Status::Ok)
        E.Objectives = {double(Count)};
      Out.push_back(E);
    }
    return Out;
  }
  nlohmann::json describe(const Variant &G) const override {
    return variantToJson(G);
  }
};

Edit mutated(uint64_t Seed) {
  LLVMContext Ctx;
  std::unique_ptr<Module> M = test::parseTestIR(TestIR, Ctx);
  nameInstructions(*M);
  Rng R(Seed);
  return *mutate(*M, OpKind::Delete, R);
}

TEST(Crossover, SharedEditsCountOnceAndChildrenSplitTheRest) {
  Edit A = mutated(1), B = mutated(2), C = mutated(3);
  ASSERT_NE(printEdit(A), printEdit(B));
  Rng R(9);
  for (int I = 0; I < 50; ++I) {
    auto [X, Y] = messyCrossover({A, B}, {A, C}, R);
    std::set<std::string> Union;
    for (const Edit &E : X)
      Union.insert(printEdit(E));
    for (const Edit &E : Y)
      Union.insert(printEdit(E));
    size_t Distinct = std::set<std::string>{printEdit(A), printEdit(B),
                                            printEdit(C)}
                          .size();
    EXPECT_EQ(X.size() + Y.size(), Distinct);
    EXPECT_EQ(Union.size(), Distinct);
    EXPECT_FALSE(X.empty());
    EXPECT_FALSE(Y.empty());
  }
  Rng R1(4), R2(4);
  EXPECT_EQ(messyCrossover({A, B}, {C}, R1), messyCrossover({A, B}, {C}, R2));
  auto [X, Y] = messyCrossover({A}, {}, R1); // too few to cut
  EXPECT_EQ(X, std::vector<Edit>{A});
  EXPECT_TRUE(Y.empty());
}

TEST(VariantBuilder, ResolvesTheMutationSeedDeterministically) {
  VariantBuilder B(baseBitcode());
  Variant V1, V2;
  V1.MutationSeed = V2.MutationSeed = 77;
  Prepared P1 = B.build(V1), P2 = B.build(V2);
  EXPECT_FALSE(V1.MutationSeed);
  ASSERT_EQ(V1.Edits.size(), 1u);
  EXPECT_EQ(V1.Edits, V2.Edits);
  EXPECT_EQ(P1.Key, P2.Key);
  EXPECT_EQ(P1.Payload, P2.Payload);
  // Replaying the resolved edit list rebuilds the same code.
  Variant Replay{V1.Edits, std::nullopt};
  EXPECT_EQ(B.build(Replay).Key, P1.Key);
}

TEST(VariantBuilder, IrTheVerifierRejectsIsInvalidIrNotACompileFailure) {
  // Edits always repair SSA; should IR that does not verify reach the
  // builder anyway (here a base with a use before its definition), it is
  // its own status, never sent to a worker.
  LLVMContext Ctx;
  std::unique_ptr<Module> M = test::parseTestIR(TestIR, Ctx);
  nameInstructions(*M);
  BasicBlock &Entry = M->getFunction("f")->getEntryBlock();
  Instruction &X = *Entry.begin();
  X.moveAfter(&*std::next(Entry.begin())); // %x after its user %y
  std::string BC;
  raw_string_ostream OS(BC);
  WriteBitcodeToFile(*M, OS);
  VariantBuilder B(OS.str());
  Variant V;
  Prepared P = B.build(V);
  ASSERT_TRUE(P.Failed);
  EXPECT_EQ(P.Failed->S, Status::InvalidIr);
  EXPECT_NE(P.Failed->Message.find("verifier rejects"), std::string::npos)
      << P.Failed->Message;
  EXPECT_EQ(parseStatus("invalid_ir"), Status::InvalidIr);
}

TEST(VariantBuilder, MutatesOnlyTheFunctionsItIsGiven) {
  std::string IR = std::string(TestIR) + R"(
define i32 @g(i32 %a) {
  %b = add i32 %a, 3
  %c = mul i32 %b, %a
  ret i32 %c
}
)";
  std::set<std::string> InG;
  LLVMContext Ctx;
  std::unique_ptr<Module> M = test::parseTestIR(IR, Ctx);
  nameInstructions(*M);
  for (Instruction &I : instructions(*M->getFunction("g")))
    InG.insert(getUid(I).str());
  VariantBuilder B(baseBitcode(IR), {"g"});
  unsigned Made = 0;
  for (uint64_t Seed = 0; Seed < 60; ++Seed) {
    Variant V;
    V.MutationSeed = Seed;
    B.build(V);
    for (const Edit &E : V.Edits) {
      ++Made;
      EXPECT_TRUE(InG.count(E.Target)) << printEdit(E);
    }
  }
  EXPECT_GT(Made, 20u);
}

TEST(VariantBuilder, SameCodeSameKeyWhateverTheEdits) {
  VariantBuilder B(baseBitcode());
  Variant Base;
  std::string BaseKey = B.build(Base).Key;
  // Operand 0 of %y (U2) already is %x (U1): the edit changes nothing.
  Variant Same{{*parseEdit("operand U2:0 U1")}, std::nullopt};
  EXPECT_EQ(B.build(Same).Key, BaseKey);
  Variant Other{{*parseEdit("operand U2:0 A1")}, std::nullopt};
  EXPECT_NE(B.build(Other).Key, BaseKey);
}

TEST(VariantBuilder, EditsThatNoLongerApplyAreDropped) {
  VariantBuilder B(baseBitcode());
  Variant V{{*parseEdit("delete U3"), *parseEdit("delete U3"),
             *parseEdit("operand U99:0 A1")},
            std::nullopt};
  B.build(V);
  ASSERT_EQ(V.Edits.size(), 1u);
  EXPECT_EQ(printEdit(V.Edits[0]).substr(0, 9), "delete U3");
}

GevoParams smallParams() {
  GevoParams P;
  P.PopSize = 16;
  P.Generations = 6;
  P.MaxRetries = 8;
  return P;
}

std::vector<std::string> evolveLog(unsigned Threads, uint64_t Seed,
                                   GevoStrategy *Out = nullptr) {
  IrOnly Problem;
  GevoStrategy S(smallParams());
  EngineOptions O;
  O.Seed = Seed;
  O.Threads = Threads;
  O.BatchSize = 16;
  Engine<Variant> E(Problem, S, O);
  std::vector<std::string> Log;
  E.OnEvaluation = [&](const LogEntry &L) {
    Log.push_back(L.Genome.dump() + " " + statusName(L.Result.S).data());
  };
  E.run();
  if (Out)
    *Out = S;
  return Log;
}

TEST(GevoStrategy, PopulationStaysValidAndImproves) {
  GevoStrategy S(smallParams());
  evolveLog(1, 3, &S);
  EXPECT_EQ(S.generation(), 6u);
  ASSERT_EQ(S.population().size(), 16u);
  double Best = 1e9;
  for (const Member &M : S.population()) {
    ASSERT_EQ(M.Obj.size(), 1u); // every member was measured valid
    Best = std::min(Best, M.Obj[0]);
  }
  EXPECT_LT(Best, 13); // the base has 13 instructions
  EXPECT_GT(S.validAttempts(), 0u);
  EXPECT_LT(S.validAttempts(), S.attempts());
}

TEST(GevoStrategy, SameSeedSameLogWithOneOrTwoThreads) {
  auto One = evolveLog(1, 11);
  EXPECT_EQ(One, evolveLog(2, 11));
  EXPECT_NE(One, evolveLog(1, 12));
}

TEST(GevoStrategy, CheckpointMidRunResumesIdentically) {
  IrOnly Problem;
  EngineOptions O;
  O.Seed = 5;
  O.BatchSize = 8; // generations span several batches
  std::vector<std::string> Whole, Resumed;
  nlohmann::json Saved;
  {
    GevoStrategy S(smallParams());
    Engine<Variant> E(Problem, S, O);
    E.OnEvaluation = [&](const LogEntry &L) { Whole.push_back(L.Genome.dump()); };
    E.OnBatch = [&] {
      if (E.batches() == 7)
        Saved = nlohmann::json::parse(E.save().dump());
    };
    E.run();
  }
  GevoStrategy S(smallParams());
  Engine<Variant> E(Problem, S, O);
  E.restore(Saved);
  E.OnEvaluation = [&](const LogEntry &L) { Resumed.push_back(L.Genome.dump()); };
  E.run();
  size_t Done = Saved["evaluations"];
  ASSERT_EQ(Resumed.size(), Whole.size() - Done);
  EXPECT_TRUE(std::equal(Resumed.begin(), Resumed.end(), Whole.begin() + Done));
}

TEST(GevoStrategy, SlotsGiveUpAfterMaxRetries) {
  struct RejectAll : IrOnly {
    std::vector<Evaluation>
    measure(const std::vector<const Prepared *> &Batch) override {
      std::vector<Evaluation> Out = IrOnly::measure(Batch);
      for (size_t I = 0; I < Batch.size(); ++I)
        if (Batch[I]->Key != BaseKey) {
          Out[I].S = Status::WrongOutput;
          Out[I].Objectives.clear();
        }
      return Out;
    }
    std::string BaseKey;
  } Problem;
  Variant Base;
  Problem.BaseKey = Problem.B.build(Base).Key;
  GevoParams P = smallParams();
  P.Generations = 2;
  P.MaxRetries = 2;
  GevoStrategy S(P);
  Engine<Variant> E(Problem, S, EngineOptions{});
  E.run();
  EXPECT_EQ(S.generation(), 2u);
  for (const Member &M : S.population())
    EXPECT_TRUE(M.V.Edits.empty()); // only the base ever passed
}

TEST(GevoParams, BadValuesAreNamed) {
  GevoParams P;
  EXPECT_FALSE(bool(P.validate()));
  P.CrossRate = 1.5;
  EXPECT_EQ(llvm::toString(P.validate()),
            "`crossover_rate` must be in [0, 1], got 1.5");
  P = GevoParams();
  P.PopSize = 1;
  EXPECT_EQ(llvm::toString(P.validate()), "`pop` must be at least 2, got 1");
}

} // namespace
