//===- DriverBuild.cpp - Compile .cpp drivers into cached shared objects ----===//

#include "gevo/harness/DriverHost.h"
#include "gevo/support/Process.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"

#include <cstdlib>
#include <map>

#include <unistd.h>

namespace gevo {

namespace {
llvm::Error buildError(const std::string &Msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Msg);
}

std::string sha256Hex(llvm::StringRef Text) {
  return llvm::toHex(llvm::SHA256::hash(llvm::arrayRefFromStringRef(Text)),
                     /*LowerCase=*/true);
}

/// The file's contents, or nullopt.
std::optional<std::string> readFile(const std::string &Path) {
  auto Buf = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false);
  if (!Buf)
    return std::nullopt;
  return (*Buf)->getBuffer().str();
}

/// gevo's public headers: the copy installed beside the running executable
/// (<exe dir>/../include), else the source tree gevo was built from.
std::string gevoIncludeDir() {
  std::string Exe = llvm::sys::fs::getMainExecutable(
      nullptr, reinterpret_cast<void *>(&defaultDriverCacheDir));
  if (!Exe.empty()) {
    llvm::SmallString<256> Installed(llvm::sys::path::parent_path(Exe));
    llvm::sys::path::append(Installed, "..", "include");
    llvm::sys::path::remove_dots(Installed, /*remove_dot_dot=*/true);
    if (llvm::sys::fs::exists(Installed + "/gevo/harness/Driver.h"))
      return std::string(Installed);
  }
  return GEVO_DRIVER_SOURCE_INCLUDE_DIR;
}

/// The files a make-style dependency list (-MMD) names after "target:".
std::vector<std::string> parseDepFile(const std::string &Text) {
  std::vector<std::string> Files;
  size_t Colon = Text.find(": ");
  std::string Cur;
  for (size_t I = Colon == std::string::npos ? Text.size() : Colon + 2;
       I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '\\' && I + 1 < Text.size() && Text[I + 1] != '\n') {
      Cur += Text[++I]; // an escaped space or '#'
    } else if (C == '\\' || C == ' ' || C == '\n' || C == '\t') {
      if (!Cur.empty())
        Files.push_back(std::move(Cur));
      Cur.clear();
    } else {
      Cur += C;
    }
  }
  if (!Cur.empty())
    Files.push_back(std::move(Cur));
  return Files;
}

/// One "<sha256> <path>" line per header the driver included.
std::string hashDeps(const std::vector<std::string> &Files,
                     const std::string &Source) {
  std::string Out;
  for (const std::string &F : Files)
    if (F != Source)
      Out += sha256Hex(readFile(F).value_or("")) + " " + F + "\n";
  return Out;
}

/// Whether every header in a .deps file still has its recorded contents.
bool depsUnchanged(const std::string &DepsPath) {
  std::optional<std::string> Text = readFile(DepsPath);
  if (!Text)
    return false;
  llvm::SmallVector<llvm::StringRef> Lines;
  llvm::StringRef(*Text).split(Lines, '\n', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef Line : Lines) {
    auto [Hash, Path] = Line.split(' ');
    std::optional<std::string> Now = readFile(Path.str());
    if (!Now || sha256Hex(*Now) != Hash)
      return false;
  }
  return true;
}

/// The first line of the compiler's output that says what went wrong.
std::string firstError(const std::string &Output) {
  llvm::SmallVector<llvm::StringRef> Lines;
  llvm::StringRef(Output).split(Lines, '\n', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef Line : Lines)
    if (Line.contains("error:") || Line.contains("undefined reference"))
      return Line.trim().str();
  return Lines.empty() ? "no diagnostics" : Lines.front().trim().str();
}

/// Removes the given files when it goes out of scope (temporaries).
struct TempFiles {
  std::vector<std::string> Paths;
  ~TempFiles() {
    for (const std::string &P : Paths)
      llvm::sys::fs::remove(P);
  }
};

/// Compiles D.Source into Dir/<key>.so unless an up-to-date one is there;
/// returns its path.
llvm::Expected<std::string> buildOne(const DriverSpec &D,
                                     const std::string &Dir) {
  std::optional<std::string> Source = readFile(D.Source);
  if (!Source)
    return buildError(D.Where + ": cannot read '" + D.Source + "'");
  std::vector<std::string> Cmd = driverCompileCommand(D.Source);
  std::string Key = sha256Hex(llvm::join(Cmd, "\n") + "\n\n" + *Source);
  std::string Lib = Dir + "/" + Key + ".so", Deps = Dir + "/" + Key + ".deps";
  if (llvm::sys::fs::exists(Lib) && depsUnchanged(Deps))
    return Lib;
  if (std::error_code EC = llvm::sys::fs::create_directories(Dir))
    return buildError(D.Where + ": cannot create the driver cache '" + Dir +
                      "': " + EC.message());
  std::string Tmp = ".tmp" + std::to_string(getpid());
  TempFiles Temps{{Lib + Tmp, Deps + Tmp + ".d", Deps + Tmp}};
  const std::vector<std::string> &T = Temps.Paths;
  for (const std::string &A : {std::string("-o"), T[0], std::string("-MMD"),
                               std::string("-MF"), T[1]})
    Cmd.push_back(A);
  gevo::ProgramResult R = gevo::runProgram(Cmd);
  if (!R.Error.empty())
    return buildError(D.Where + ": cannot run the C++ compiler '" + Cmd[0] +
                      "': " + R.Error);
  if (R.Exit != 0)
    return buildError(D.Where + ": '" + D.Source + "' does not compile: " +
                      firstError(R.Output));
  std::string DepHashes =
      hashDeps(parseDepFile(readFile(T[1]).value_or("")), D.Source);
  std::error_code EC;
  {
    llvm::raw_fd_ostream OS(T[2], EC);
    OS << DepHashes;
  }
  if (!EC)
    EC = llvm::sys::fs::rename(T[2], Deps);
  if (!EC)
    EC = llvm::sys::fs::rename(T[0], Lib);
  if (EC)
    return buildError(D.Where + ": cannot write the driver cache '" + Lib +
                      "': " + EC.message());
  return Lib;
}
} // namespace

std::string defaultDriverCacheDir() {
  const char *Xdg = std::getenv("XDG_CACHE_HOME");
  const char *Home = std::getenv("HOME");
  std::string Base = Xdg && *Xdg ? Xdg
                     : Home && *Home ? std::string(Home) + "/.cache"
                                     : std::string("/tmp");
  return Base + "/gevo/drivers";
}

std::vector<std::string> driverCompileCommand(const std::string &Source) {
  const char *Env = std::getenv("GEVO_DRIVER_CXX");
  std::vector<std::string> Cmd = {
      Env && *Env ? Env : GEVO_DRIVER_CXX, "-std=c++17", "-O2", "-fPIC",
      "-shared", "-fno-rtti", "-fvisibility=hidden",
      "-I" + gevoIncludeDir()};
  for (llvm::StringRef Dir : {GEVO_DRIVER_JSON_INCLUDE_DIR,
                              GEVO_DRIVER_LLVM_INCLUDE_DIR})
    if (!Dir.empty() && Dir != "/usr/include" && Dir != "/usr/local/include") {
      Cmd.push_back("-isystem");
      Cmd.push_back(Dir.str());
    }
  for (const std::string &A :
       {Source, std::string("-Wl,--no-undefined"),
        std::string("-L" GEVO_DRIVER_LLVM_LIBRARY_DIR), std::string("-lLLVM"),
        // zlib: datasets ship gzipped (libLLVM depends on it already).
        std::string("-lz")})
    Cmd.push_back(A);
  return Cmd;
}

llvm::Error buildDrivers(Spec &S, const std::string &CacheDir) {
  llvm::SmallString<256> AbsDir(CacheDir.empty() ? defaultDriverCacheDir()
                                                 : CacheDir);
  llvm::sys::fs::make_absolute(AbsDir);
  std::string Dir(AbsDir);
  std::map<std::string, std::string> Built; // source -> library
  for (std::vector<CaseSpec> *Cases : {&S.Cases, &S.HeldOut})
    for (CaseSpec &C : *Cases) {
      if (!C.Driver || !C.Driver->Library.empty())
        continue;
      std::string &Lib = Built[C.Driver->Source];
      if (Lib.empty()) {
        auto L = buildOne(*C.Driver, Dir);
        if (!L)
          return L.takeError();
        Lib = *L;
      }
      C.Driver->Library = Lib;
    }
  return llvm::Error::success();
}

} // namespace gevo
