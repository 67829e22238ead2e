//===- SpreadTest.cpp - The suite's apps over ranks; launcher variables ----===//

#include "Spread.h"

#include <gtest/gtest.h>

#include <cstdlib>

using namespace gevo;
using namespace gevo::suite;

// Longest first, each to the least loaded rank: the two long apps go to
// different ranks, and the short ones fill in behind the shorter of them.
TEST(Spread, LongestFirstToTheLeastLoadedRank) {
  // 10 -> rank 0, 9 -> rank 1, 3 -> rank 1 (12), 2 -> rank 0 (12), and 1
  // to rank 0 on the tie.
  std::vector<int> Owner = assignLongestFirst({1, 10, 2, 9, 3}, 2);
  EXPECT_EQ(Owner, (std::vector<int>{0, 0, 0, 1, 1}));
}

TEST(Spread, TiesKeepTheSuiteOrderAndLowestRank) {
  EXPECT_EQ(assignLongestFirst({5, 5, 5}, 3), (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(assignLongestFirst({5, 5, 5}, 1), (std::vector<int>{0, 0, 0}));
  EXPECT_EQ(assignLongestFirst({}, 4), std::vector<int>{});
  // More ranks than apps: the extra ranks get nothing.
  EXPECT_EQ(assignLongestFirst({1, 2}, 8), (std::vector<int>{1, 0}));
}

TEST(Launcher, VariablesAChildMustNotInherit) {
  for (const char *V : {"OMPI_COMM_WORLD_RANK=1", "PMIX_RANK=0", "PMI_SIZE=4",
                        "OPAL_PREFIX=/usr", "MPI_LOCALRANKID=0"})
    EXPECT_TRUE(cluster::isLauncherVariable(V)) << V;
  for (const char *V : {"PATH=/usr/bin", "HOME=/root", "SLURM_JOB_ID=7",
                        "MPI_LOCALRANKIDX=1", "XOMPI_=1"})
    EXPECT_FALSE(cluster::isLauncherVariable(V)) << V;
}

TEST(Launcher, JobSizeFromTheEnvironment) {
  for (const char *V : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK"})
    unsetenv(V);
  EXPECT_EQ(cluster::launchedRanks(), 0u);
  setenv("OMPI_COMM_WORLD_SIZE", "3", 1);
  EXPECT_EQ(cluster::launchedRanks(), 3u);
  unsetenv("OMPI_COMM_WORLD_SIZE");
  setenv("PMIX_RANK", "0", 1);
  setenv("SLURM_STEP_NUM_TASKS", "16", 1);
  EXPECT_EQ(cluster::launchedRanks(), 16u);
  unsetenv("PMIX_RANK");
  unsetenv("SLURM_STEP_NUM_TASKS");
}
