//===- RaceTest.cpp - The cpu target judges as every GPU schedule would ---===//
//
// The kernels of races.cu (compiled by gevo-cc at build time): each textbook
// race is `race` with the right two instructions and kind, each read of
// undefined shared memory `uninitialized`, and each race-free idiom runs.
//
//===----------------------------------------------------------------------===//

#include "CpuTest.h"

#include "gevo/passes/Uid.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

#include <cmath>

using namespace gevo;
using namespace gevo::cpu;
using namespace gevo::cpu::test;
using gevo::test::parseTestIRFile;

namespace {

constexpr unsigned N = 64; ///< Threads a block, as races.cu has it.

class Races : public ::testing::Test {
protected:
  void SetUp() override {
    M = parseTestIRFile(GEVO_RACES_IR, Ctx);
    ASSERT_TRUE(M);
    nameInstructions(*M);
  }
  /// Launches \p Kernel on \p Blocks blocks with the buffers \p Buffers as
  /// its arguments.
  LaunchResult launch(llvm::StringRef Kernel, unsigned Blocks,
                      std::vector<void *> Buffers, Options Opts = {}) {
    std::vector<void *> Args;
    for (void *&B : Buffers)
      Args.push_back(&B);
    LaunchResult Failed = failed(Status::Crash, "load or launch failed");
    P = loadProgram(*M, Opts);
    if (!P)
      return Failed;
    auto R = P->launch(Kernel, {{Blocks}, {N}}, Args);
    if (!R) {
      ADD_FAILURE() << llvm::toString(R.takeError());
      return Failed;
    }
    return *R;
  }
  /// UIDs of \p Kernel's loads or stores (\p Opcode) of shared or global
  /// memory (\p Shared), in order.
  std::vector<std::string> accesses(llvm::StringRef Kernel, unsigned Opcode,
                                    bool Shared) {
    std::vector<std::string> Uids;
    for (llvm::Instruction &I : llvm::instructions(*M->getFunction(Kernel))) {
      if (I.getOpcode() != Opcode)
        continue;
      const llvm::Value *Base =
          llvm::getUnderlyingObject(llvm::getLoadStorePointerOperand(&I));
      auto *G = llvm::dyn_cast<llvm::GlobalVariable>(Base);
      if (Shared == (G && G->getAddressSpace() == 3))
        Uids.push_back(getUid(I).str());
    }
    return Uids;
  }
  /// Expects a race between one of \p First's and one of \p Second's UIDs.
  void expectRaceBetween(const LaunchResult &R,
                         const std::vector<std::string> &First,
                         const std::vector<std::string> &Second,
                         llvm::StringRef Kind) {
    EXPECT_EQ(R.S, Status::Race) << R.Message;
    auto In = [](const std::vector<std::string> &V, const std::string &U) {
      return std::find(V.begin(), V.end(), U) != V.end();
    };
    EXPECT_TRUE((In(First, R.FaultUid) && In(Second, R.OtherUid)) ||
                (In(Second, R.FaultUid) && In(First, R.OtherUid)))
        << R.FaultUid << " and " << R.OtherUid << ": " << R.Message;
    EXPECT_NE(R.Message.find("(" + Kind.str() + ","), std::string::npos)
        << R.Message;
  }
  llvm::LLVMContext Ctx;
  std::unique_ptr<llvm::Module> M;
  std::unique_ptr<Program> P;
  DeviceBuffer<float> In{std::vector<float>(4 * N, 0.75f)};
  DeviceBuffer<float> Out{4 * N + 4};
  DeviceBuffer<unsigned> Words{std::vector<unsigned>(4 * N, 7)};
  DeviceBuffer<unsigned> Hist{std::vector<unsigned>(16, 0)};
};

constexpr unsigned Load = llvm::Instruction::Load;
constexpr unsigned Store = llvm::Instruction::Store;
constexpr bool Shared = true, Global = false;

TEST_F(Races, MissingBarrierAcrossWarps) {
  auto R = launch("missing_barrier", 1, {In.get(), Out.get()});
  expectRaceBetween(R, accesses("missing_barrier", Store, Shared),
                    accesses("missing_barrier", Load, Shared), "inter-warp");
  EXPECT_NE(R.Message.find("shared memory"), std::string::npos);
}

TEST_F(Races, MissingSyncwarpWithinAWarp) {
  auto R = launch("missing_syncwarp", 1, {In.get(), Out.get()});
  expectRaceBetween(R, accesses("missing_syncwarp", Store, Shared),
                    accesses("missing_syncwarp", Load, Shared), "intra-warp");
}

TEST_F(Races, ReadOfAnotherBlocksOutput) {
  auto R = launch("reads_other_block", 2, {Out.get()});
  expectRaceBetween(R, accesses("reads_other_block", Store, Global),
                    accesses("reads_other_block", Load, Global),
                    "inter-block");
  EXPECT_NE(R.Message.find("global memory"), std::string::npos);
}

TEST_F(Races, WriteWriteOnAGlobal) {
  auto Stores = accesses("global_write_write", Store, Global);
  auto R = launch("global_write_write", 2, {Hist.get()});
  expectRaceBetween(R, Stores, Stores, "intra-warp");
}

TEST_F(Races, LoopCarriedIndex) {
  auto Stores = accesses("loop_carried_index", Store, Shared);
  auto R = launch("loop_carried_index", 1, {Hist.get()});
  expectRaceBetween(R, Stores, Stores, "intra-warp");
}

TEST_F(Races, WarpSynchronousCodeRacesUnlessThatModelIsAsked) {
  auto R = launch("warp_synchronous_sum", 2, {In.get(), Out.get()});
  expectRaceBetween(R, accesses("warp_synchronous_sum", Store, Shared),
                    accesses("warp_synchronous_sum", Load, Shared),
                    "intra-warp");
  Options Old;
  Old.Model = MemoryModel::WarpSynchronous;
  R = launch("warp_synchronous_sum", 2, {In.get(), Out.get()}, Old);
  EXPECT_EQ(R.S, Status::Ok) << R.Message;
}

TEST_F(Races, DeletedSharedInitialisation) {
  auto R = launch("histogram_no_init", 1, {Words.get(), Hist.get()});
  EXPECT_EQ(R.S, Status::Uninitialized) << R.Message;
  EXPECT_NE(R.Message.find("shared memory"), std::string::npos);
  EXPECT_FALSE(R.FaultUid.empty());
}

TEST_F(Races, ReadPastTheInitialisedTile) {
  auto R = launch("reads_past_tile", 1, {In.get(), Out.get()});
  EXPECT_EQ(R.S, Status::Uninitialized) << R.Message;
  EXPECT_EQ(std::vector<std::string>{R.FaultUid},
            accesses("reads_past_tile", Load, Shared));
}

TEST_F(Races, AtomicsOnSharedAndGlobalMemory) {
  DeviceBuffer<float> Total{std::vector<float>{0}};
  auto R = launch("histogram", 4, {Words.get(), Hist.get(), Total.get()});
  ASSERT_EQ(R.S, Status::Ok) << R.Message;
  EXPECT_EQ(Hist.read()[7], 4 * N);
  EXPECT_EQ(Total.read()[0], 7.0f * 4 * N);
}

TEST_F(Races, RaceFreeIdiomsRun) {
  for (const char *K : {"syncwarp_exchange", "shuffle_sum", "tree_sum",
                        "byte_flags"}) {
    auto R = launch(K, 2, {In.get(), Out.get()});
    EXPECT_EQ(R.S, Status::Ok) << K << ": " << R.Message;
  }
  for (const char *K : {"own_writes", "broadcast_global"}) {
    auto R = launch(K, 3, {Out.get()});
    EXPECT_EQ(R.S, Status::Ok) << K << ": " << R.Message;
  }
}

// Reads through an argument the kernel never writes through skip the
// shadow only while no written argument points into the same buffer.
TEST_F(Races, AReadOnlyArgumentAliasingAWrittenOneIsStillChecked) {
  for (const char *K : {"shift_copy", "shift_copy_synced"}) {
    auto Apart = launch(K, 2, {In.get(), Out.get()});
    EXPECT_EQ(Apart.S, Status::Ok) << K << ": " << Apart.Message;
    EXPECT_EQ(Out.read()[N + 3], 0.75f) << K;
    auto Same = launch(K, 1, {Out.get(), Out.get()});
    expectRaceBetween(Same, accesses(K, Store, Global),
                      accesses(K, Load, Global), "intra-warp");
  }
}

TEST_F(Races, ChecksOffRunsTheRacyKernel) {
  Options Off;
  Off.RaceChecks = false;
  auto R = launch("missing_barrier", 1, {In.get(), Out.get()}, Off);
  EXPECT_EQ(R.S, Status::Ok) << R.Message;
}

TEST_F(Races, SharedMemoryStartsPoisoned) {
  auto R = launch("reads_past_tile", 1, {In.get(), Out.get()}, withoutJudge());
  ASSERT_EQ(R.S, Status::Ok) << R.Message;
  std::vector<float> Got = Out.read();
  EXPECT_EQ(Got[0], 0.75f);
  EXPECT_TRUE(std::isnan(Got[N - 1])) << Got[N - 1];
}

// The cross-check's other schedule sees what the shadow is told to skip:
// block 1 reads block 0's output, in time in one order and not in the other.
TEST_F(Races, AnotherScheduleCatchesARaceTheShadowSkips) {
  auto Found = launch("reads_other_block", 2, {Out.get()});
  ASSERT_EQ(Found.S, Status::Race) << Found.Message;
  Options Allowed;
  Allowed.AllowedRaces = {Found.FaultUid, Found.OtherUid};
  std::vector<float> Outputs[2];
  for (bool Reverse : {false, true}) {
    DeviceBuffer<float> Data(std::vector<float>(2 * N, 100.0f));
    P = loadProgram(*M, Allowed);
    ASSERT_TRUE(P);
    P->setReverseSchedule(Reverse);
    void *Ptr = Data.get();
    void *Args[] = {&Ptr};
    auto R = P->launch("reads_other_block", {{2}, {N}}, Args);
    ASSERT_TRUE(bool(R));
    EXPECT_EQ(R->S, Status::Ok) << R->Message;
    Outputs[Reverse] = Data.read();
  }
  EXPECT_EQ(Outputs[0][N + 5], (1 + 5) + (0 + 5));
  EXPECT_EQ(Outputs[1][N + 5], (1 + 5) + 100.0f);
}

TEST_F(Races, SameVerdictEveryRun) {
  auto First = launch("missing_barrier", 1, {In.get(), Out.get()});
  for (int I = 0; I < 3; ++I) {
    auto Again = launch("missing_barrier", 1, {In.get(), Out.get()});
    EXPECT_EQ(Again.Message, First.Message);
    EXPECT_EQ(Again.FaultUid, First.FaultUid);
    EXPECT_EQ(Again.OtherUid, First.OtherUid);
  }
}

} // namespace
