//===- ToolSupport.h - What every gevo command-line tool shares --*- C++ -*-===//
#ifndef GEVO_TOOLS_TOOLSUPPORT_H
#define GEVO_TOOLS_TOOLSUPPORT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

#include <boost/program_options.hpp>

#include <memory>
#include <string>
#include <vector>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace gevo {

/// Prints "<tool>: error: <msg>" on one line and exits with ExitStatus
/// (or ends the process as setToolErrorEnd says).
[[noreturn]] void toolError(llvm::StringRef Tool, const llvm::Twine &Msg,
                            int ExitStatus = 1);
/// What toolError does instead of exit(ExitStatus), e.g. end an MPI job.
void setToolErrorEnd(void (*End)(int ExitStatus));

/// Parses the command line into VM, Positional naming the one positional
/// option (null: none); a bad option is a one-line toolError with
/// ExitStatus.
void parseCommandLine(llvm::StringRef Tool, int Argc, char **Argv,
                      const boost::program_options::options_description &Opts,
                      const char *Positional,
                      boost::program_options::variables_map &VM,
                      int ExitStatus = 1);

/// parseCommandLine, then for --help prints the option table to stdout and
/// exits 0 (for tools whose help is the table alone).
void parseCommandLineOrHelp(llvm::StringRef Tool, int Argc, char **Argv,
                            const boost::program_options::options_description &Opts,
                            const char *Positional,
                            boost::program_options::variables_map &VM,
                            int ExitStatus = 1);

/// Parses LLVM IR (text or bitcode; "-" is stdin). Any failure (missing
/// file, not IR, malformed IR, a module the verifier rejects) is a
/// one-line toolError naming file, line and column, with ExitStatus.
std::unique_ptr<llvm::Module> loadModule(llvm::StringRef Tool,
                                         llvm::StringRef Path,
                                         llvm::LLVMContext &Ctx,
                                         int ExitStatus = 1);

/// Writes M as text IR, or bitcode when Path ends in ".bc" ("-" is stdout).
void writeModule(llvm::StringRef Tool, const llvm::Module &M,
                 llvm::StringRef Path);

/// A kernel as a module (see loadModule): a .cu source is first compiled
/// to a temporary .ll, removed afterwards, by the gevo-cc beside this
/// executable (Argv0). A compile failure is a toolError with ExitStatus.
std::unique_ptr<llvm::Module> loadKernel(llvm::StringRef Tool,
                                         const std::string &Path,
                                         const char *Argv0,
                                         llvm::LLVMContext &Ctx,
                                         int ExitStatus = 1);

/// The IR names of the functions a --functions option names (a comma-
/// separated list of CUDA or IR names; gevo::resolveFunctions), or a
/// toolError with ExitStatus.
std::vector<std::string> functionsOption(llvm::StringRef Tool,
                                         const llvm::Module &M,
                                         llvm::StringRef List,
                                         int ExitStatus = 1);

/// Reads a whole text file or fails with toolError.
std::string readTextFile(llvm::StringRef Tool, llvm::StringRef Path);

/// Path relative to the directory of the running executable (Argv0 is
/// argv[0]), e.g. "gevo-cc" or "../share/gevo/operators".
std::string besideExecutable(const char *Argv0, llvm::StringRef Relative);

/// Seconds as "42s", "3m07s" or "2h05m", for progress lines.
std::string formatDuration(double Seconds);

/// Writes Text to Path ("-" is stdout) or fails with toolError.
void writeTextFile(llvm::StringRef Tool, llvm::StringRef Path,
                   llvm::StringRef Text);

} // namespace gevo

#endif
