//===- Guard.cpp - Turning LLVM fatal errors into llvm::Error -------------===//

#include "Guard.h"

#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Signals.h"

#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <optional>
#include <string>

using namespace llvm;

namespace {

/// The message of the last fatal error raised inside runGuarded on this thread.
thread_local std::string FatalMessage;

void onFatalError(void *, const char *Reason, bool GenCrashDiag) {
  if (CrashRecoveryContext::GetCurrent()) {
    FatalMessage = Reason;
    sys::Process::Exit(1); // Unwinds to the RunSafely in runGuarded.
  }
  // Elsewhere, what LLVM does without a handler.
  std::fprintf(stderr, "LLVM ERROR: %s\n", Reason);
  sys::RunInterruptHandlers();
  if (GenCrashDiag)
    std::abort();
  std::exit(1);
}

void installOnce() {
  static std::once_flag Once;
  std::call_once(Once, [] {
    CrashRecoveryContext::Enable();
    install_fatal_error_handler(onFatalError);
  });
}

} // namespace

Error gevo::runGuarded(StringRef What, function_ref<Error()> Fn) {
  installOnce();
  FatalMessage.clear();
  std::optional<Error> Result;
  CrashRecoveryContext CRC;
  if (CRC.RunSafely([&] { Result.emplace(Fn()); }))
    return std::move(*Result);
  if (!FatalMessage.empty())
    return createStringError(inconvertibleErrorCode(), "%s: LLVM fatal error: %s",
                             What.str().c_str(), FatalMessage.c_str());
  // On Unix a crash signal S gives RetCode 128 + S.
  return createStringError(inconvertibleErrorCode(),
                           "%s: crashed inside LLVM (signal %d)",
                           What.str().c_str(), CRC.RetCode - 128);
}
