//===- AmdgpuTest.cpp - NVPTX IR to AMDGCN and to a linked code object ----===//

#include "TestKernels.h"
#include "ValueOrFail.h"

#include "gevo/harness/Amdgpu.h"
#include "gevo/harness/Lower.h"

#include "llvm/IRReader/IRReader.h"

#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <set>

using namespace llvm;
using namespace gevo;
using gevo::test::parseTestIR;
using gevo::test::ReverseExp;

namespace {

/// NVPTX IR around one kernel body using \p Body's declarations.
std::string kernelIR(StringRef Declarations, StringRef Body) {
  return (R"(target triple = "nvptx64-nvidia-cuda"
define ptx_kernel void @k(ptr addrspace(1) %out, i32 %a, float %f) {
entry:
)" + Body + "\n  ret void\n}\n" + Declarations + "\n")
      .str();
}

std::string retargeted(StringRef IR, const AmdgpuOptions &Opts = {}) {
  LLVMContext Ctx;
  std::unique_ptr<Module> M = parseTestIR(IR.str().c_str(), Ctx);
  return gevo::test::valueOrFail(retargetToAmdgcn(*M, Opts));
}

/// Whether \p IR holds every one of \p Parts; the failure names those it
/// lacks and shows IR.
testing::AssertionResult holdsAll(const std::string &IR,
                                  std::initializer_list<const char *> Parts) {
  std::string Missing;
  for (const char *Part : Parts)
    if (IR.find(Part) == std::string::npos)
      Missing += std::string("\n  lacks: ") + Part;
  if (Missing.empty())
    return testing::AssertionSuccess();
  return testing::AssertionFailure() << Missing << "\nin:\n" << IR;
}

std::string lowerError(StringRef IR, const AmdgpuOptions &Opts = {}) {
  LLVMContext Ctx;
  std::unique_ptr<Module> M = parseTestIR(IR.str().c_str(), Ctx);
  Expected<std::string> Object = compileToAmdgcn(*M, Opts);
  if (Object) {
    ADD_FAILURE() << "lowering succeeded";
    return "";
  }
  return toString(Object.takeError());
}

/// The global ELF symbols of Image, which must be an AMDGPU ELF of type Type.
std::set<std::string> symbolsOf(StringRef Image, unsigned Type) {
  std::set<std::string> Names;
  auto Obj = object::ObjectFile::createELFObjectFile(
      MemoryBufferRef(Image, "image"));
  if (!Obj) {
    ADD_FAILURE() << toString(Obj.takeError());
    return Names;
  }
  auto *Elf = dyn_cast<object::ELF64LEObjectFile>(Obj->get());
  EXPECT_TRUE(Elf);
  if (!Elf)
    return Names;
  EXPECT_EQ(Elf->getELFFile().getHeader().e_machine, ELF::EM_AMDGPU);
  EXPECT_EQ(Elf->getELFFile().getHeader().e_type, Type);
  for (const object::ELFSymbolRef &S : Elf->symbols())
    if (S.getBinding() == ELF::STB_LOCAL)
      continue;
    else if (Expected<StringRef> Name = S.getName())
      Names.insert(Name->str());
    else
      consumeError(Name.takeError());
  return Names;
}

TEST(AmdgpuTest, RetargetsKernelsRegistersBarriersAndMath) {
  std::string IR = retargeted(ReverseExp);
  EXPECT_TRUE(holdsAll(IR, {"target triple = \"amdgcn-amd-amdhsa\"",
                            "define protected amdgpu_kernel void @reverse_exp(",
                            "define protected amdgpu_kernel void @fill(",
                            "call i32 @llvm.amdgcn.workitem.id.x()",
                            "fence syncscope(\"workgroup\") release\n"
                            "  call void @llvm.amdgcn.s.barrier()\n"
                            "  fence syncscope(\"workgroup\") acquire",
                            "define hidden float @__nv_expf(float",
                            "@tile = internal addrspace(3) global"}));
  EXPECT_EQ(IR.find("llvm.nvvm"), std::string::npos) << IR;
  EXPECT_EQ(IR.find("nvvm.annotations"), std::string::npos);
  EXPECT_EQ(IR.find("sm_"), std::string::npos);
}

TEST(AmdgpuTest, BlockAndGridSizesComeFromTheDispatchPacket) {
  std::string IR = retargeted(kernelIR(
      "declare i32 @llvm.nvvm.read.ptx.sreg.ntid.y()\n"
      "declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()",
      "  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()\n"
      "  %g = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()\n"
      "  %s = add i32 %n, %g\n"
      "  store i32 %s, ptr addrspace(1) %out"));
  EXPECT_TRUE(
      holdsAll(IR, {"getelementptr inbounds i8, ptr addrspace(4) %0, i64 6",
                    "i64 12", "udiv i32", "!invariant.load"}));
}

TEST(AmdgpuTest, ShufflesAndVotesStayWithinA32LaneWarp) {
  std::string IR = retargeted(kernelIR(
      "declare float @llvm.nvvm.shfl.sync.down.f32(i32, float, i32, i32)\n"
      "declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1)\n"
      "declare i32 @llvm.nvvm.read.ptx.sreg.laneid()",
      "  %v = call float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %f, i32 "
      "4, i32 31)\n"
      "  %b = call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 true)\n"
      "  %l = call i32 @llvm.nvvm.read.ptx.sreg.laneid()\n"
      "  %x = bitcast float %v to i32\n"
      "  %y = add i32 %x, %b\n"
      "  %z = add i32 %y, %l\n"
      "  store i32 %z, ptr addrspace(1) %out"));
  EXPECT_TRUE(
      holdsAll(IR, {"@llvm.amdgcn.ds.bpermute(", "@llvm.amdgcn.ballot.i64(",
                    "@llvm.amdgcn.mbcnt.hi(", "and i32 %"}));
}

TEST(AmdgpuTest, AllocasMoveToThePrivateAddressSpace) {
  std::string IR = retargeted(kernelIR(
      "", "  %buf = alloca [4 x i32], align 4\n"
          "  %p = getelementptr [4 x i32], ptr %buf, i32 0, i32 %a\n"
          "  store i32 1, ptr %p\n"
          "  %v = load i32, ptr %buf\n"
          "  store i32 %v, ptr addrspace(1) %out"));
  EXPECT_TRUE(holdsAll(IR, {"%buf = alloca [4 x i32], align 4, addrspace(5)",
                            "addrspacecast ptr addrspace(5) %buf to ptr"}));
}

TEST(AmdgpuTest, CompilesAndLinksACodeObject) {
  LLVMContext Ctx;
  std::unique_ptr<Module> M = parseTestIR(ReverseExp, Ctx);
  Expected<std::string> Object = compileToAmdgcn(*M, {});
  ASSERT_TRUE(bool(Object)) << toString(Object.takeError());
  std::set<std::string> Relocatable = symbolsOf(*Object, ELF::ET_REL);
  EXPECT_TRUE(Relocatable.count("reverse_exp.kd"));
  if (!findLld())
    GTEST_SKIP() << "ld.lld not found (install lld-19)";
  Expected<std::string> CodeObject = lowerToAmdgpu(*M, {});
  ASSERT_TRUE(bool(CodeObject)) << toString(CodeObject.takeError());
  std::set<std::string> Linked = symbolsOf(*CodeObject, ELF::ET_DYN);
  for (const char *Name : {"reverse_exp", "reverse_exp.kd", "fill", "fill.kd",
                           "scale"})
    EXPECT_TRUE(Linked.count(Name)) << Name;
  EXPECT_FALSE(Linked.count("times_scale")); // internalized
}

TEST(AmdgpuTest, EveryCorpusKernelLinks) {
  if (!findLld())
    GTEST_SKIP() << "ld.lld not found (install lld-19)";
  unsigned Kernels = 0;
  std::error_code EC;
  for (sys::fs::directory_iterator It(GEVO_CORPUS_DIR, EC), End;
       It != End && !EC; It.increment(EC)) {
    if (sys::path::extension(It->path()) != ".ll")
      continue;
    LLVMContext Ctx;
    SMDiagnostic Diag;
    std::unique_ptr<Module> M = parseIRFile(It->path(), Diag, Ctx);
    ASSERT_TRUE(M) << It->path();
    Expected<std::string> CodeObject = lowerToAmdgpu(*M, {});
    ASSERT_TRUE(bool(CodeObject))
        << It->path() << ": " << toString(CodeObject.takeError());
    std::set<std::string> Symbols = symbolsOf(*CodeObject, ELF::ET_DYN);
    for (const Function &F : *M) {
      if (!F.isDeclaration() && isKernel(F)) {
        EXPECT_TRUE(Symbols.count(F.getName().str() + ".kd"))
            << It->path() << ": " << F.getName().str();
      }
    }
    ++Kernels;
  }
  EXPECT_EQ(Kernels, 8u) << "corpus at " << GEVO_CORPUS_DIR;
}

TEST(AmdgpuTest, OtherArchitectures) {
  LLVMContext Ctx;
  std::unique_ptr<Module> M = parseTestIR(ReverseExp, Ctx);
  for (const char *Arch : {"gfx908", "gfx1100"}) {
    AmdgpuOptions Opts;
    Opts.Arch = Arch;
    Expected<std::string> Object = compileToAmdgcn(*M, Opts);
    EXPECT_TRUE(bool(Object)) << Arch << ": " << toString(Object.takeError());
  }
}

TEST(AmdgpuTest, BadInputIsAnErrorNamingWhat) {
  AmdgpuOptions Gfx;
  Gfx.Arch = "sm_80";
  EXPECT_NE(lowerError(ReverseExp, Gfx).find("unknown AMDGPU arch 'sm_80'"),
            std::string::npos);
  EXPECT_NE(lowerError(kernelIR("declare i32 @llvm.nvvm.barrier0.popc(i32)",
                                "  %c = call i32 @llvm.nvvm.barrier0.popc(i32 "
                                "%a)\n  store i32 %c, ptr addrspace(1) %out"))
                .find("the amdgpu target does not support intrinsic "
                      "llvm.nvvm.barrier0.popc"),
            std::string::npos);
  EXPECT_NE(lowerError(kernelIR("declare double @__nv_j0(double)",
                                "  %d = fpext float %f to double\n"
                                "  %j = call double @__nv_j0(double %d)\n"
                                "  %r = fptrunc double %j to float\n"
                                "  store float %r, ptr addrspace(1) %out"))
                .find("no definition of libdevice function __nv_j0"),
            std::string::npos);
  EXPECT_NE(lowerError("target triple = \"x86_64-unknown-linux-gnu\"\n"
                       "define void @k() { ret void }")
                .find("not nvptx"),
            std::string::npos);
}

TEST(AmdgpuTest, LinkErrorsNameLld) {
  if (std::optional<std::string> Lld = findLld()) {
    Expected<std::string> Linked = linkCodeObject("not an object", *Lld);
    ASSERT_FALSE(bool(Linked));
    EXPECT_NE(toString(Linked.takeError()).find("ld.lld rejected"),
              std::string::npos);
  }
  Expected<std::string> Missing =
      linkCodeObject("", "/nonexistent/ld.lld");
  ASSERT_FALSE(bool(Missing));
  EXPECT_NE(toString(Missing.takeError()).find("did not run"), std::string::npos);
}

} // namespace
