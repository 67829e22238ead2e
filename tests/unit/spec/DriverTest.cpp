//===- DriverTest.cpp - Driver cases: spec, build cache, running -----------===//
//
// Driver cases in spec.json (good and bad), compiling .cpp drivers into the
// cache (reuse, rebuild when an included header changes, one-line errors
// and nothing cached for a driver that does not compile), and runCase on a
// fake device: outputs and error, launches recorded, the first fault wins
// and later launches do not run, a throw is a crash, leaked buffers are
// released, allocations hold poison. The test driver is
// tests/lit/tools/Inputs/drivers/reduce.
//
//===----------------------------------------------------------------------===//

#include "FakeDevice.h"

#include "gevo/harness/Driver.h"
#include "gevo/harness/DriverHost.h"
#include "gevo/harness/Poison.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include <unistd.h>

using namespace gevo;
namespace fs = std::filesystem;

namespace {

const std::string Drivers = GEVO_TEST_DRIVERS_DIR;

std::string errorOf(llvm::Expected<Spec> S) {
  EXPECT_FALSE(static_cast<bool>(S));
  return S ? "" : llvm::toString(S.takeError());
}

/// A spec in the drivers dir with one case; Extra goes into the case.
llvm::Expected<Spec> oneCase(const std::string &Extra,
                             const std::string &Dir = Drivers + "/reduce") {
  return parseSpec("{\"cases\": [{\"name\": \"c\", " + Extra + "}]}",
                   "t/spec.json", Dir);
}

TEST(DriverSpec, ADriverCaseParses) {
  auto S = loadSpec(Drivers + "/reduce");
  ASSERT_TRUE(static_cast<bool>(S)) << llvm::toString(S.takeError());
  ASSERT_EQ(S->Cases.size(), 3u);
  EXPECT_FALSE(S->Cases[0].Driver);
  const CaseSpec &C = S->Cases[1];
  ASSERT_TRUE(C.Driver);
  EXPECT_EQ(C.Driver->Source, fs::absolute(Drivers + "/reduce/driver.cpp")
                                  .lexically_normal()
                                  .string());
  EXPECT_TRUE(fs::path(C.Driver->TestsDir).is_absolute());
  EXPECT_EQ(C.Driver->Params, "{\"n\":3000}");
  EXPECT_EQ(C.Driver->Library, "") << "a .cpp is built later";
  EXPECT_NE(C.Driver->Where.find("spec.json: cases[1].driver"),
            std::string::npos);
  EXPECT_FALSE(C.Driver->HeldOut);
  EXPECT_EQ(C.Tol.M, Metric::Driver);
  EXPECT_DOUBLE_EQ(C.Tol.Max, 1e-4);
  EXPECT_EQ(S->Cases[2].Driver->Params.find("0.001") != std::string::npos, true);
  EXPECT_EQ(S->Cases[2].Tol.M, Metric::Exact);
  ASSERT_EQ(S->HeldOut.size(), 1u);
  EXPECT_TRUE(S->HeldOut[0].Driver->HeldOut);
  EXPECT_EQ(S->HeldOut[0].Tol.M, Metric::MaxRel);

  auto Up = oneCase(R"("driver": "../reduce/driver.cpp")", Drivers + "/broken");
  ASSERT_TRUE(static_cast<bool>(Up)) << llvm::toString(Up.takeError());
  EXPECT_EQ(Up->Cases[0].Driver->Source, C.Driver->Source);
  EXPECT_EQ(Up->Cases[0].Driver->Params, "{}");
}

TEST(DriverSpec, BadDriverCasesNameTheFileAndTheField) {
  const std::pair<std::string, std::string> Cases[] = {
      {R"("driver": "driver.cpp", "buffers": {})",
       "t/spec.json: cases[0].buffers: not allowed in a driver case"},
      {R"("driver": "driver.cpp", "outputs": ["x"])",
       "cases[0].outputs: not allowed in a driver case"},
      {R"("driver": "driver.cpp", "param": {})",
       "cases[0].param: unknown field 'param'"},
      {R"("driver": "spec.json")",
       "cases[0].driver: expected a .cpp source or a .so shared object"},
      {R"("driver": "nothere.cpp")",
       "cases[0].driver: cannot read '"},
      {R"("driver": 7)", "cases[0].driver: expected a string"},
      {R"("driver": "driver.cpp", "params": [1])",
       "cases[0].params: expected an object"},
      {R"("driver": "driver.cpp", "tolerance": {"metric": "driver"})",
       "cases[0].tolerance: missing field 'max'"},
      {R"("buffers": {"a": {"type": "i32", "count": 1}},
          "steps": [{"launch": "k", "grid": 1, "block": 1, "args": ["a"]}],
          "outputs": ["a"], "tolerance": {"metric": "driver", "max": 0})",
       "cases[0].tolerance.metric: the 'driver' metric needs a driver case"},
  };
  for (auto &[Extra, Want] : Cases) {
    std::string Got = errorOf(oneCase(Extra));
    EXPECT_NE(Got.find(Want), std::string::npos) << "want: " << Want
                                                  << "\ngot:  " << Got;
    EXPECT_EQ(Got.find('\n'), std::string::npos) << Got;
  }
}

/// The reduce tests dir with its drivers built into the tests' cache.
Spec builtReduce() {
  Spec S = llvm::cantFail(loadSpec(Drivers + "/reduce"));
  if (llvm::Error E = buildDrivers(S, GEVO_TEST_DRIVER_CACHE))
    ADD_FAILURE() << llvm::toString(std::move(E));
  return S;
}

/// The reduce driver's drv3000 case with other params.
CaseSpec reduceWith(const std::string &Params) {
  CaseSpec C = builtReduce().Cases[1];
  C.Driver->Params = Params;
  return C;
}

TEST(DriverRun, OutputsErrorAndLaunchesAreReported) {
  Spec S = builtReduce();
  const CaseSpec &C = S.Cases[1];
  ASSERT_TRUE(fs::exists(C.Driver->Library)) << C.Driver->Library;
  EXPECT_EQ(S.Cases[2].Driver->Library, C.Driver->Library) << "built once";
  FakeDevice D;
  CaseOutcome O = runCase(C, D);
  ASSERT_EQ(O.S, Status::Ok) << O.Message;
  ASSERT_EQ(O.Outputs.size(), 1u);
  EXPECT_EQ(O.OutputTypes, std::vector<ElemType>{ElemType::F32});
  // 0.25 * (0 + 1 + ... + 2999), exact in float whatever the order.
  EXPECT_EQ(fromBytes<float>(O.Outputs[0])[0], 1124625.0f);
  ASSERT_TRUE(O.Error);
  EXPECT_EQ(*O.Error, 0.0);
  EXPECT_EQ(O.Launches, 2u);
  EXPECT_EQ(O.ModeledCost, 20u);
  EXPECT_DOUBLE_EQ(O.KernelSeconds, 1.0);
  EXPECT_EQ(D.Log, (std::vector<std::string>{"reduce_sum 1536", "reduce_sum 256"}));
  EXPECT_TRUE(D.Mem.empty());

  Spec Again = builtReduce();
  EXPECT_EQ(Again.Cases[1].Driver->Library, C.Driver->Library)
      << "the cached build is reused";

  // A .so driver is loaded as it is.
  auto So = oneCase("\"driver\": \"" + C.Driver->Library + "\"");
  ASSERT_TRUE(static_cast<bool>(So)) << llvm::toString(So.takeError());
  EXPECT_EQ(So->Cases[0].Driver->Library, C.Driver->Library);
  EXPECT_EQ(runCase(So->Cases[0], D).S, Status::Ok);
}

TEST(DriverRun, AllocationsHoldThePoisonPattern) {
  FakeDevice D;
  CaseOutcome O = runCase(reduceWith(R"({"n": 3000, "peek": true})"), D);
  ASSERT_EQ(O.S, Status::Ok) << O.Message;
  ASSERT_EQ(O.Outputs.size(), 2u);
  Bytes Want(6 * sizeof(float));
  fillPoison(Want.data(), Want.size());
  EXPECT_EQ(O.Outputs[1], Want) << "as allocated, before any launch";
  EXPECT_EQ(O.Outputs[1][3], 0x7F);
}

TEST(DriverRun, TheFirstFaultWinsAndLaterLaunchesDoNotRun) {
  FakeDevice D;
  D.Faulty = "reduce_sum";
  // The driver goes on launching and returns Ok: the fault still counts.
  CaseOutcome O = runCase(reduceWith(R"({"ignore_faults": true})"), D);
  EXPECT_EQ(O.S, Status::OobWrite);
  EXPECT_EQ(O.FaultUid, "U7");
  EXPECT_EQ(O.Message, "store out of bounds");
  EXPECT_EQ(O.Launches, 1u);
  EXPECT_EQ(D.Log.size(), 1u) << "the second launch never reached the device";
  EXPECT_TRUE(O.Outputs.empty());
  EXPECT_TRUE(D.Mem.empty());
}

TEST(DriverRun, ThrowsAreCrashesAndLeakedBuffersAreReleased) {
  FakeDevice D;
  CaseOutcome O = runCase(
      reduceWith(R"({"misbehave": "throw", "when": "always"})"), D);
  EXPECT_EQ(O.S, Status::Crash);
  EXPECT_EQ(O.Message, "the driver threw: the total is wrong");
  EXPECT_EQ(O.Launches, 2u);
  EXPECT_TRUE(D.Mem.empty());
  O = runCase(reduceWith(R"({"leak": true})"), D);
  EXPECT_EQ(O.S, Status::Ok);
  EXPECT_TRUE(D.Mem.empty());
}

TEST(DriverRun, AnUnbuiltOrMissingLibraryIsACrash) {
  CaseSpec C = llvm::cantFail(loadSpec(Drivers + "/reduce")).Cases[1];
  FakeDevice D;
  CaseOutcome O = runCase(C, D);
  EXPECT_EQ(O.S, Status::Crash);
  EXPECT_NE(O.Message.find("is not built"), std::string::npos) << O.Message;
  C.Driver->Library = Drivers + "/reduce/spec.json";
  O = runCase(C, D);
  EXPECT_EQ(O.S, Status::Crash);
  EXPECT_NE(O.Message.find("cannot load"), std::string::npos) << O.Message;
}

/// A fresh temporary dir.
fs::path tempDir(const std::string &Name) {
  fs::path Dir = fs::temp_directory_path() /
                 (Name + "-" + std::to_string(::getpid()));
  fs::remove_all(Dir);
  fs::create_directories(Dir);
  return Dir;
}

TEST(DriverBuild, ADriverThatDoesNotCompileIsOneLineAndCachesNothing) {
  fs::path Cache = tempDir("gevo-driver-cache");
  Spec S = llvm::cantFail(loadSpec(Drivers + "/broken"));
  llvm::Error E = buildDrivers(S, Cache.string());
  ASSERT_TRUE(static_cast<bool>(E));
  std::string Msg = llvm::toString(std::move(E));
  EXPECT_NE(Msg.find("broken/spec.json: cases[0].driver: '"), std::string::npos)
      << Msg;
  EXPECT_NE(Msg.find("broken/driver.cpp' does not compile: "), std::string::npos)
      << Msg;
  EXPECT_NE(Msg.find("driver.cpp:6:"), std::string::npos) << Msg;
  EXPECT_NE(Msg.find("error:"), std::string::npos) << Msg;
  EXPECT_EQ(Msg.find('\n'), std::string::npos) << Msg;
  EXPECT_TRUE(fs::is_empty(Cache)) << "no partial cache entry";
  EXPECT_TRUE(S.Cases[0].Driver->Library.empty());
  fs::remove_all(Cache);
}

TEST(DriverBuild, AChangedHeaderRebuilds) {
  fs::path Dir = tempDir("gevo-driver-src"), Cache = Dir / "cache";
  std::ofstream(Dir / "value.h") << "constexpr double Value = 1;\n";
  std::ofstream(Dir / "driver.cpp")
      << "#include \"gevo/harness/Driver.h\"\n#include \"value.h\"\n"
         "struct D : gevo::Driver {\n"
         "  gevo::DriverOutcome run(gevo::PlanDevice &, const gevo::DriverCase &) "
         "override {\n    gevo::DriverOutcome O;\n    O.Error = Value;\n"
         "    return O;\n  }\n};\nGEVO_DRIVER(D)\n";
  auto Build = [&] {
    Spec S = llvm::cantFail(oneCase(R"("driver": "driver.cpp")", Dir.string()));
    llvm::cantFail(buildDrivers(S, Cache.string()));
    return S.Cases[0].Driver->Library;
  };
  std::string Lib = Build();
  auto Stamp = fs::last_write_time(Lib);
  EXPECT_EQ(Build(), Lib);
  EXPECT_EQ(fs::last_write_time(Lib), Stamp) << "unchanged: not rebuilt";
  std::ofstream(Dir / "value.h") << "constexpr double Value = 2;\n";
  EXPECT_EQ(Build(), Lib) << "same source and command: same key";
  EXPECT_NE(fs::last_write_time(Lib), Stamp) << "a header changed: rebuilt";
  FakeDevice D;
  Spec S = llvm::cantFail(oneCase(R"("driver": "driver.cpp")", Dir.string()));
  S.Cases[0].Driver->Library = Lib;
  CaseOutcome O = runCase(S.Cases[0], D);
  ASSERT_EQ(O.S, Status::Ok) << O.Message;
  EXPECT_EQ(O.Error, 2.0);
  fs::remove_all(Dir);
}

TEST(DriverBuild, TheCompileCommand) {
  std::vector<std::string> Cmd = driverCompileCommand("/x/driver.cpp");
  auto Has = [&](const std::string &A) {
    return std::find(Cmd.begin(), Cmd.end(), A) != Cmd.end();
  };
  EXPECT_TRUE(Has("-std=c++17"));
  EXPECT_TRUE(Has("-shared"));
  EXPECT_TRUE(Has("-fno-rtti"));
  EXPECT_TRUE(Has("/x/driver.cpp"));
  EXPECT_TRUE(Has("-Wl,--no-undefined"));
  bool GevoInclude = false;
  for (const std::string &A : Cmd)
    GevoInclude |= A.rfind("-I", 0) == 0 &&
                   fs::exists(A.substr(2) + "/gevo/harness/Driver.h");
  EXPECT_TRUE(GevoInclude);
}

} // namespace
