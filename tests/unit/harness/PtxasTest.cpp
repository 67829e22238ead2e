//===- PtxasTest.cpp - checkPtx runs ptxas and reports what it said -------===//

#include "TestKernels.h"

#include "gevo/harness/Lower.h"

using namespace llvm;
using namespace gevo;

namespace {

TEST(PtxasTest, AcceptsLoweredPtx) {
  GEVO_REQUIRE_CUDA(Cuda, Ptxas);
  LLVMContext Ctx;
  std::unique_ptr<Module> M = test::parseTestIR(test::ReverseExp, Ctx);
  PtxOptions Opts;
  Opts.LibdevicePath = Cuda->Libdevice;
  Expected<std::string> Ptx = lowerToPTX(*M, Opts);
  ASSERT_TRUE(bool(Ptx)) << toString(Ptx.takeError());
  Error E = checkPtx(*Ptx, *Cuda, Opts.Arch);
  EXPECT_FALSE(bool(E)) << toString(std::move(E));
}

TEST(PtxasTest, RejectsGarbageNamingPtxas) {
  GEVO_REQUIRE_CUDA(Cuda, Ptxas);
  Error E = checkPtx(".version 7.0\n.target sm_80\n.address_size 64\ngarbage\n",
                     *Cuda, "sm_80");
  ASSERT_TRUE(bool(E));
  std::string Message = toString(std::move(E));
  EXPECT_NE(Message.find("ptxas -arch=sm_80 rejected the PTX"), std::string::npos)
      << Message;
  EXPECT_NE(Message.find("input.ptx, line 4"), std::string::npos) << Message;
}

TEST(PtxasTest, MissingPtxasIsAnError) {
  CudaToolkit NoPtxas{"/opt/no-cuda", "", ""};
  std::string Message = toString(checkPtx("", NoPtxas, "sm_80"));
  EXPECT_NE(Message.find("ptxas not found"), std::string::npos) << Message;
}

} // namespace
