//===- Process.cpp - Running another program -----------------------------===//

#include "gevo/support/Process.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

#include <sys/wait.h>
#include <unistd.h>

using namespace llvm;

namespace gevo {

ProgramResult runProgram(const std::vector<std::string> &Args,
                         const RunOptions &O) {
  ProgramResult R;
  if (Args.empty()) {
    R.Error = "no program to run";
    return R;
  }
  std::string Program = Args[0];
  if (!StringRef(Program).contains('/')) {
    ErrorOr<std::string> Found = sys::findProgramByName(Program);
    if (!Found) {
      R.Error = "'" + Program + "' not found on PATH";
      return R;
    }
    Program = *Found;
  }
  SmallString<128> Log;
  if (O.Capture && sys::fs::createTemporaryFile("gevo-program", "log", Log)) {
    R.Error = "cannot create a temporary file for its output";
    return R;
  }
  FileRemover RemoveLog(Log, O.Capture);
  SmallVector<StringRef> Refs(Args.begin(), Args.end());
  // An empty string is /dev/null to ExecuteAndWait; no redirects inherit.
  std::optional<StringRef> Redirects[] = {StringRef(), StringRef(Log),
                                          StringRef(Log)};
  ArrayRef<std::optional<StringRef>> Used;
  if (O.Capture)
    Used = Redirects;
  std::string Why;
  R.Exit = sys::ExecuteAndWait(Program, Refs, std::nullopt, Used,
                               O.TimeoutSeconds, 0, &Why);
  if (O.Capture)
    if (auto Buf = MemoryBuffer::getFile(Log, /*IsText=*/true))
      R.Output = (*Buf)->getBuffer().str();
  if (R.Exit < 0) { // -1: did not run; -2: timed out, crashed
    R.Error = Why.empty() ? "did not finish" : Why;
    R.Exit = -1;
  }
  return R;
}

namespace {
/// Writes all of Text to Fd; false when the reader went away.
bool writeAll(int Fd, const std::string &Text) {
  for (size_t Done = 0; Done < Text.size();) {
    ssize_t Wrote = write(Fd, Text.data() + Done, Text.size() - Done);
    if (Wrote < 0 && errno == EINTR)
      continue;
    if (Wrote <= 0)
      return false;
    Done += size_t(Wrote);
  }
  return true;
}
} // namespace

ChildAnswer answerInChild(function_ref<std::string()> Fn, unsigned TimeoutSeconds) {
  ChildAnswer R;
  int Pipe[2];
  if (pipe(Pipe) != 0) {
    R.Error = std::string("cannot make a pipe: ") + std::strerror(errno);
    return R;
  }
  std::fflush(nullptr);
  pid_t Child = fork();
  if (Child < 0) {
    R.Error = std::string("cannot fork: ") + std::strerror(errno);
    close(Pipe[0]);
    close(Pipe[1]);
    return R;
  }
  if (Child == 0) {
    close(Pipe[0]);
    if (TimeoutSeconds)
      alarm(TimeoutSeconds);
    _exit(writeAll(Pipe[1], Fn()) ? 0 : 1);
  }
  close(Pipe[1]);
  std::string Answer;
  char Buf[4096];
  for (ssize_t Got; (Got = read(Pipe[0], Buf, sizeof(Buf))) != 0;)
    if (Got > 0)
      Answer.append(Buf, size_t(Got));
    else if (errno != EINTR)
      break;
  close(Pipe[0]);
  int Status = 0;
  while (waitpid(Child, &Status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(Status) && WEXITSTATUS(Status) == 0)
    R.Answer = std::move(Answer);
  else if (WIFSIGNALED(Status))
    R.Error = "died by signal " + std::to_string(WTERMSIG(Status));
  else
    R.Error = "exited with status " + std::to_string(WEXITSTATUS(Status));
  return R;
}

} // namespace gevo
