//===- JudgeOptions.h - The cpu target's judge on the command line -*- C++ -*-===//
//
// --check, --memory-model, --allow-base-races and --cpu-opt (the cpu
// target's JIT tier), shared by the tools that
// run variants (gevo-run, gevo-evolve, gevo-suite), and --gpu, the GPU the
// cpu target's model predicts times for.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_TOOLS_JUDGEOPTIONS_H
#define GEVO_TOOLS_JUDGEOPTIONS_H

#include "gevo/harness/Evaluator.h"

#include <boost/program_options.hpp>

namespace gevo {

/// Adds the three options and --cpu-opt to \p Opts.
void addJudgeOptions(boost::program_options::options_description &Opts);

/// EvalOptions::OptLevel from --cpu-opt (-1 for auto), or a one-line
/// toolError with \p ExitStatus.
int cpuOptOption(llvm::StringRef Tool,
                 const boost::program_options::variables_map &VM,
                 int ExitStatus);

/// The Judge the options in \p VM say, or a one-line toolError with
/// \p ExitStatus naming the bad value.
Judge judgeOptions(llvm::StringRef Tool,
                   const boost::program_options::variables_map &VM,
                   int ExitStatus);

/// Adds --gpu to \p Opts.
void addGpuOption(boost::program_options::options_description &Opts);

/// The GPU --gpu names (cpu::DefaultGpu when not given), checked: an
/// unknown one is a one-line toolError with \p ExitStatus listing those
/// there are.
std::string gpuOption(llvm::StringRef Tool,
                      const boost::program_options::variables_map &VM,
                      int ExitStatus);

/// Adds --gate and --devices (the GPU targets') to \p Opts.
void addGpuTargetOptions(boost::program_options::options_description &Opts);
/// Sets \p O's Gate and Devices from --gate and --devices, or ends with a
/// one-line toolError with \p ExitStatus naming the bad value.
void gpuTargetOptions(llvm::StringRef Tool,
                      const boost::program_options::variables_map &VM,
                      int ExitStatus, EvalOptions &O);
/// Says on stderr which of the base's racing instructions are let through
/// (Judge::AllowBaseRaces), when any are.
void sayAllowedRaces(llvm::StringRef Tool,
                     const std::vector<std::string> &Allowed);

} // namespace gevo

#endif
