//===- RunDir.cpp - A run's directory -------------------------------------===//

#include "gevo/evolve/RunDir.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace gevo::evolve {

namespace {
Error fail(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}
} // namespace

Expected<RunDir> RunDir::create(const std::string &Path) {
  if (sys::fs::exists(Path))
    return fail(Path + ": already exists (use --resume to continue a run, "
                       "or choose another --out)");
  if (std::error_code EC = sys::fs::create_directories(Path + "/best"))
    return fail(Path + ": cannot create: " + EC.message());
  return RunDir(Path);
}

Expected<RunDir> RunDir::open(const std::string &Path) {
  if (!sys::fs::is_directory(Path))
    return fail(Path + ": no such run directory");
  return RunDir(Path);
}

Error RunDir::writeFile(const std::string &Name, const std::string &Text) const {
  std::string Final = file(Name), Temp = Final + ".tmp";
  {
    std::error_code EC;
    raw_fd_ostream OS(Temp, EC);
    if (EC)
      return fail(Temp + ": cannot write: " + EC.message());
    OS << Text;
    OS.close();
    if (OS.has_error())
      return fail(Temp + ": write failed");
  }
  if (std::error_code EC = sys::fs::rename(Temp, Final))
    return fail(Final + ": cannot replace: " + EC.message());
  return Error::success();
}

Expected<std::string> RunDir::readFile(const std::string &Name) const {
  auto Buf = MemoryBuffer::getFile(file(Name));
  if (!Buf)
    return fail(file(Name) + ": " + Buf.getError().message());
  return (*Buf)->getBuffer().str();
}

Expected<nlohmann::json> RunDir::readJson(const std::string &Name) const {
  Expected<std::string> Text = readFile(Name);
  if (!Text)
    return Text.takeError();
  nlohmann::json J = nlohmann::json::parse(*Text, nullptr, false);
  if (J.is_discarded())
    return fail(file(Name) + ": not valid JSON");
  return J;
}

Error RunDir::appendLine(const std::string &Name, const std::string &Line) {
  return appendText(Name, Line + '\n');
}

Error RunDir::appendText(const std::string &Name, const std::string &Text) {
  std::error_code EC;
  raw_fd_ostream OS(file(Name), EC, sys::fs::OF_Append);
  if (EC)
    return fail(file(Name) + ": cannot append: " + EC.message());
  OS << Text;
  return Error::success();
}

Error RunDir::truncateLines(const std::string &Name, uint64_t Lines) const {
  if (!sys::fs::exists(file(Name)))
    return Lines == 0 ? Error::success()
                      : fail(file(Name) + ": missing, cannot resume");
  Expected<std::string> Text = readFile(Name);
  if (!Text)
    return Text.takeError();
  size_t Pos = 0;
  for (uint64_t I = 0; I < Lines; ++I) {
    size_t Nl = Text->find('\n', Pos);
    if (Nl == std::string::npos)
      return fail(file(Name) + ": has fewer than " + Twine(Lines) +
                  " lines, cannot resume");
    Pos = Nl + 1;
  }
  return writeFile(Name, Text->substr(0, Pos));
}

} // namespace gevo::evolve
