//===- ToolSupport.cpp - What every gevo command-line tool shares -----------===//

#include "ToolSupport.h"

#include "gevo/passes/Mutator.h"
#include "gevo/support/Process.h"

#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>

using namespace llvm;

namespace gevo {

namespace {
void (*ToolErrorEnd)(int) = nullptr;
}

void setToolErrorEnd(void (*End)(int ExitStatus)) { ToolErrorEnd = End; }

void toolError(StringRef Tool, const Twine &Msg, int ExitStatus) {
  outs().flush();
  errs() << Tool << ": error: " << Msg << "\n";
  if (ToolErrorEnd)
    ToolErrorEnd(ExitStatus);
  std::exit(ExitStatus);
}

void parseCommandLine(StringRef Tool, int Argc, char **Argv,
                      const boost::program_options::options_description &Opts,
                      const char *Positional,
                      boost::program_options::variables_map &VM,
                      int ExitStatus) {
  namespace po = boost::program_options;
  po::positional_options_description Pos;
  if (Positional)
    Pos.add(Positional, 1);
  try {
    po::store(po::command_line_parser(Argc, Argv).options(Opts).positional(Pos).run(),
              VM);
    po::notify(VM);
  } catch (const po::error &E) {
    toolError(Tool, Twine(E.what()) + " (see --help)", ExitStatus);
  }
}

void parseCommandLineOrHelp(StringRef Tool, int Argc, char **Argv,
                            const boost::program_options::options_description &Opts,
                            const char *Positional, boost::program_options::variables_map &VM,
                            int ExitStatus) {
  parseCommandLine(Tool, Argc, Argv, Opts, Positional, VM, ExitStatus);
  if (VM.count("help")) {
    std::cout << Opts;
    std::exit(0);
  }
}

std::unique_ptr<Module> loadModule(StringRef Tool, StringRef Path,
                                   LLVMContext &Ctx, int ExitStatus) {
  auto Buf = MemoryBuffer::getFileOrSTDIN(Path, /*IsText=*/true);
  if (!Buf)
    toolError(Tool, "cannot read '" + Path + "': " + Buf.getError().message(),
              ExitStatus);
  SMDiagnostic Diag;
  std::unique_ptr<Module> M = parseIR((*Buf)->getMemBufferRef(), Diag, Ctx);
  if (!M)
    toolError(Tool, Path + ":" + Twine(Diag.getLineNo()) + ":" +
                        Twine(Diag.getColumnNo() + 1) +
                        ": not valid LLVM IR: " + Diag.getMessage(),
              ExitStatus);
  std::string Problems;
  raw_string_ostream OS(Problems);
  if (verifyModule(*M, &OS)) {
    StringRef First = StringRef(Problems).split('\n').first;
    toolError(Tool, Path + ": module does not verify: " + First, ExitStatus);
  }
  return M;
}

void writeModule(StringRef Tool, const Module &M, StringRef Path) {
  std::error_code EC;
  bool Bitcode = Path.ends_with(".bc");
  raw_fd_ostream OS(Path, EC, Bitcode ? sys::fs::OF_None : sys::fs::OF_Text);
  if (EC)
    toolError(Tool, "cannot write '" + Path + "': " + EC.message());
  if (Bitcode)
    WriteBitcodeToFile(M, OS);
  else
    M.print(OS, nullptr);
}

std::string besideExecutable(const char *Argv0, StringRef Relative) {
  std::string Exe =
      sys::fs::getMainExecutable(Argv0, reinterpret_cast<void *>(&besideExecutable));
  SmallString<256> Path(sys::path::parent_path(Exe));
  sys::path::append(Path, Relative);
  sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  return std::string(Path);
}

std::string readTextFile(StringRef Tool, StringRef Path) {
  auto Buf = MemoryBuffer::getFileOrSTDIN(Path, /*IsText=*/true);
  if (!Buf)
    toolError(Tool, "cannot read '" + Path + "': " + Buf.getError().message());
  return (*Buf)->getBuffer().str();
}

void writeTextFile(StringRef Tool, StringRef Path, StringRef Text) {
  std::error_code EC;
  raw_fd_ostream OS(Path, EC, sys::fs::OF_Text);
  if (EC)
    toolError(Tool, "cannot write '" + Path + "': " + EC.message());
  OS << Text;
}

std::vector<std::string> functionsOption(StringRef Tool, const Module &M,
                                         StringRef List, int ExitStatus) {
  SmallVector<StringRef> Names;
  List.split(Names, ',', -1, false);
  if (Names.empty())
    toolError(Tool, "--functions: give at least one function name",
              ExitStatus);
  Expected<std::vector<std::string>> F =
      resolveFunctions(M, std::vector<std::string>(Names.begin(), Names.end()));
  if (!F)
    toolError(Tool, "--functions: " + toString(F.takeError()), ExitStatus);
  return std::move(*F);
}

std::string formatDuration(double Seconds) {
  char Buf[32];
  long S = std::lround(Seconds);
  if (S >= 3600)
    std::snprintf(Buf, sizeof(Buf), "%ldh%02ldm", S / 3600, S / 60 % 60);
  else if (S >= 60)
    std::snprintf(Buf, sizeof(Buf), "%ldm%02lds", S / 60, S % 60);
  else
    std::snprintf(Buf, sizeof(Buf), "%lds", S);
  return Buf;
}

std::unique_ptr<Module> loadKernel(StringRef Tool, const std::string &Path,
                                   const char *Argv0, LLVMContext &Ctx,
                                   int ExitStatus) {
  if (!StringRef(Path).ends_with(".cu"))
    return loadModule(Tool, Path, Ctx, ExitStatus);
  std::string Cc = besideExecutable(Argv0, "gevo-cc");
  SmallString<256> Out;
  if (sys::fs::createTemporaryFile(Tool, "ll", Out))
    toolError(Tool, "cannot create a temporary file", ExitStatus);
  FileRemover Remove(Out);
  RunOptions O;
  O.Capture = false; // gevo-cc's diagnostics go to the user as they are
  ProgramResult R = runProgram({Cc, Path, "-o", std::string(Out)}, O);
  if (R.Exit != 0)
    toolError(Tool,
              "gevo-cc could not compile '" + Path + "'" +
                  (R.Error.empty() ? "" : ": " + R.Error),
              ExitStatus);
  return loadModule(Tool, Out, Ctx, ExitStatus);
}

} // namespace gevo
