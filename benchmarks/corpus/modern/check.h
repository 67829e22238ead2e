// check.h - the modern corpus's self-check. Every kernel computes its
// results two ways (the API under test and plain code) and traps on a
// mismatch, so a wrong translation on the cpu target is a failed run, not a
// silently different output.
#ifndef CORPUS_CHECK_H
#define CORPUS_CHECK_H

#define CHECK(C)                                                               \
  do {                                                                         \
    if (!(C))                                                                  \
      __trap();                                                                \
  } while (0)

// |A - B| <= TOL * max(1, |B|): relative for large values, absolute near 0.
#define CHECK_NEAR(A, B, TOL)                                                  \
  CHECK(fabsf(float(A) - float(B)) <= (TOL) * fmaxf(1.0f, fabsf(float(B))))

#endif
