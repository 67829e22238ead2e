//===- Tables.cpp - summary.md and summary.csv ----------------------------===//

#include "Render.h"

#include "ToolSupport.h"

#include "llvm/ADT/StringExtras.h"

#include <cstdio>
#include <sstream>

using namespace llvm;

namespace gevo::suite {

namespace {
std::string format(const char *Fmt, double V) {
  char Buf[64];
  std::snprintf(Buf, sizeof(Buf), Fmt, V);
  return Buf;
}

/// Text cut to Max characters, with "..." where it was cut.
std::string shorten(StringRef Text, size_t Max) {
  std::string One = Text.str();
  for (char &C : One)
    if (C == '\n' || C == '\r' || C == '\t')
      C = ' ';
  return One.size() <= Max ? One : One.substr(0, Max - 3) + "...";
}

/// The first few edits of the best variant, each shortened.
std::string keyEdits(const AppResult &A) {
  if (!A.ok())
    return "-";
  if (A.HeldoutStatus == "none passed")
    return "none (no faster variant passed the held-out cases)";
  if (A.Edits.empty() || A.EvolvedSpeedup <= 1)
    return "none (no variant was faster than the base)";
  constexpr size_t Shown = 3;
  std::vector<std::string> Parts;
  for (size_t I = 0; I < A.Edits.size() && I < Shown; ++I)
    Parts.push_back(shorten(A.Edits[I], 100));
  std::string Text = join(Parts, "; ");
  if (A.Edits.size() > Shown)
    Text += "; (+" + std::to_string(A.Edits.size() - Shown) + " more)";
  if (!A.Minimised)
    Text += " (not minimised)";
  return Text;
}

std::string changeText(const AppResult &A) {
  std::string Delta;
  if (A.ok() && A.PreviousSpeedup)
    Delta = format("%+.3fx", A.Speedup - *A.PreviousSpeedup);
  if (Delta.empty() || A.Change.empty())
    return Delta + A.Change;
  return Delta + ", " + A.Change;
}

std::string csvField(const std::string &S) {
  if (S.find_first_of(",\"\n\r") == std::string::npos)
    return S;
  std::string Out = "\"";
  for (char C : S)
    Out += C == '"' ? std::string("\"\"") : std::string(1, C);
  return Out + "\"";
}

std::string markdownCell(const std::string &S) {
  std::string Out;
  for (char C : S)
    Out += C == '|' ? std::string("\\|") : std::string(1, C);
  return Out;
}
} // namespace

std::string speedupText(const AppResult &A) {
  return A.ok() ? format("%.3fx", A.Speedup) : "-";
}

std::string headline(const SuiteSummary &S) {
  std::ostringstream O;
  O << S.Apps.size() << " app" << (S.Apps.size() == 1 ? "" : "s") << ", "
    << S.countOk() << " ok, " << S.countImproved()
    << " improved (held-out speedup at least " << format("%.2fx", ImprovedAt)
    << "); geometric mean of the held-out speedups ";
  std::optional<double> G = S.geomean();
  O << (G ? format("%.3fx", *G) : "-");
  if (!S.PreviousFile.empty())
    O << " (previous run: "
      << (S.PreviousGeomean ? format("%.3fx", *S.PreviousGeomean) : "-") << ")";
  O << "; wall time " << formatDuration(S.Seconds) << ".";
  return O.str();
}

std::vector<std::string> columnNames(const SuiteSummary &S) {
  std::vector<std::string> C = {"app",   "IR instructions", "generations",
                                "held-out speedup", "error", "key edits",
                                "status"};
  if (!S.PreviousFile.empty())
    C.push_back("change since last run");
  return C;
}

std::vector<std::string> rowCells(const SuiteSummary &S, const AppResult &A) {
  std::vector<std::string> C = {
      A.App,
      A.Instructions ? std::to_string(*A.Instructions) : "-",
      A.ok() ? std::to_string(A.Generations) : "-",
      speedupText(A),
      A.ok() ? format("%.3g", A.Error) : "-",
      keyEdits(A),
      A.Message.empty() ? A.Status : A.Status + ": " + shorten(A.Message, 160)};
  if (!S.PreviousFile.empty())
    C.push_back(changeText(A));
  return C;
}

std::string renderMarkdown(const SuiteSummary &S) {
  std::ostringstream O;
  O << "# gevo-suite: " << S.Setup.value("suite_name", "") << "\n\n"
    << headline(S) << "\n\n`" << S.Setup.value("command", "") << "` ("
    << S.Setup.value("date", "") << ")\n\n";
  std::vector<std::string> Names = columnNames(S);
  O << "| " << join(Names, " | ") << " |\n|";
  for (size_t I = 0; I < Names.size(); ++I)
    O << (I >= 1 && I <= 4 ? " ---: |" : " --- |");
  O << "\n";
  for (const AppResult &A : S.Apps) {
    std::vector<std::string> Cells = rowCells(S, A);
    for (std::string &C : Cells)
      C = markdownCell(C);
    O << "| " << join(Cells, " | ") << " |\n";
  }
  return O.str();
}

std::string renderCsv(const SuiteSummary &S) {
  std::vector<std::string> Head = {
      "app",           "status",          "ir_instructions",
      "generations",   "evaluations",     "heldout_status",
      "heldout_speedup", "error",         "evolved_speedup",
      "best_heldout_speedup", "improved", "seconds",
      "edits",         "message"};
  bool Prev = !S.PreviousFile.empty();
  if (Prev)
    Head.insert(Head.end(), {"previous_speedup", "speedup_change", "change"});
  std::ostringstream O;
  O << join(Head, ",") << "\n";
  for (const AppResult &A : S.Apps) {
    auto Num = [&](double V) { return A.ok() ? format("%.6g", V) : ""; };
    std::vector<std::string> Row = {
        A.App, A.Status,
        A.Instructions ? std::to_string(*A.Instructions) : "",
        std::to_string(A.Generations), std::to_string(A.Evaluations),
        A.HeldoutStatus, Num(A.Speedup), Num(A.Error), Num(A.EvolvedSpeedup),
        A.BestHeldoutSpeedup ? format("%.6g", *A.BestHeldoutSpeedup) : "",
        A.improved() ? "1" : "0", format("%.1f", A.Seconds),
        join(A.Edits, "; "), A.Message};
    if (Prev) {
      Row.push_back(A.PreviousSpeedup ? format("%.6g", *A.PreviousSpeedup) : "");
      Row.push_back(A.ok() && A.PreviousSpeedup
                        ? format("%+.6g", A.Speedup - *A.PreviousSpeedup)
                        : "");
      Row.push_back(A.Change);
    }
    for (std::string &F : Row)
      F = csvField(F);
    O << join(Row, ",") << "\n";
  }
  return O.str();
}

} // namespace gevo::suite
