// Heart wall tracking, reduced: sample points on the inner and outer wall
// are followed through an image sequence (u8, frame-major, row-major) by
// template matching, one launch per frame, one block per sample point.
//
// Frame 0: each block cuts its point's template, a TIN x TIN patch
//   (TIN = 2 tin_half + 1) around the initial location, into templates.
// Frame f > 0: the block stages the template and the search window (the
//   patch grown by sw_half on every side, around the point's location in
//   frame f - 1) in shared memory, scores every displacement in
//   [-sw_half, sw_half]^2 by normalised cross-correlation with the
//   template, reduces to the best score (ties: the first displacement in
//   row-major order), and stores the new location. Every update_every
//   frames the template becomes alpha * template + (1 - alpha) * the patch
//   just matched.
// Pixels beyond the image are clamped to its edge. The sizes and the
// update rule are __constant__, set by the host before the first launch.
#ifndef BLOCK
#define BLOCK 128
#endif
#define TIN_MAX 15
#define WIN_MAX 31

struct Params {
  int rows, cols, frames, points;
  int tin_half, sw_half, update_every;
};

__constant__ Params params;
__constant__ float update_alpha;

__device__ float pixel(const unsigned char *frame, int r, int c) {
  r = min(max(r, 0), params.rows - 1);
  c = min(max(c, 0), params.cols - 1);
  return frame[r * params.cols + c];
}

__global__ void heartwall_kernel(const unsigned char *video, int frame_no,
                                 float *templates, int *loc_row,
                                 int *loc_col) {
  __shared__ float T[TIN_MAX * TIN_MAX];
  __shared__ float W[WIN_MAX * WIN_MAX];
  __shared__ float best_score[BLOCK];
  __shared__ int best_index[BLOCK];
  __shared__ float mean_t, energy_t;
  int p = blockIdx.x, tid = threadIdx.x;
  int th = params.tin_half, sw = params.sw_half;
  int tin = 2 * th + 1, n = tin * tin, win = tin + 2 * sw, span = 2 * sw + 1;
  const unsigned char *frame =
      video + (long)frame_no * params.rows * params.cols;
  float *tmpl = templates + p * n;
  int *rows = loc_row + p * params.frames, *cols = loc_col + p * params.frames;

  if (frame_no == 0) {
    for (int t = tid; t < n; t += BLOCK)
      tmpl[t] = pixel(frame, rows[0] - th + t / tin, cols[0] - th + t % tin);
    return;
  }
  int r0 = rows[frame_no - 1] - th - sw, c0 = cols[frame_no - 1] - th - sw;
  for (int t = tid; t < n; t += BLOCK)
    T[t] = tmpl[t];
  for (int t = tid; t < win * win; t += BLOCK)
    W[t] = pixel(frame, r0 + t / win, c0 + t % win);
  __syncthreads();
  if (tid == 0) {
    float s = 0.0f, e = 0.0f;
    for (int t = 0; t < n; ++t)
      s += T[t];
    s /= n;
    for (int t = 0; t < n; ++t)
      e += (T[t] - s) * (T[t] - s);
    mean_t = s;
    energy_t = e;
  }
  __syncthreads();

  float best = -2.0f;
  int best_at = span * span;
  for (int cand = tid; cand < span * span; cand += BLOCK) {
    int dy = cand / span, dx = cand % span;
    float sp = 0.0f, spp = 0.0f, spt = 0.0f;
    for (int t = 0; t < n; ++t) {
      float v = W[(dy + t / tin) * win + dx + t % tin];
      sp += v;
      spp += v * v;
      spt += v * (T[t] - mean_t);
    }
    float den = (spp - sp * sp / n) * energy_t;
    float score = den > 0.0f ? spt / sqrtf(den) : -1.0f;
    if (score > best) {
      best = score;
      best_at = cand;
    }
  }
  best_score[tid] = best;
  best_index[tid] = best_at;
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s /= 2) {
    if (tid < s) {
      float o = best_score[tid + s];
      int oi = best_index[tid + s];
      if (o > best_score[tid] || (o == best_score[tid] && oi < best_index[tid])) {
        best_score[tid] = o;
        best_index[tid] = oi;
      }
    }
    __syncthreads();
  }
  int dy = best_index[0] / span, dx = best_index[0] % span;
  if (tid == 0) {
    rows[frame_no] = rows[frame_no - 1] - sw + dy;
    cols[frame_no] = cols[frame_no - 1] - sw + dx;
  }
  if (frame_no % params.update_every == 0) {
    float a = update_alpha;
    for (int t = tid; t < n; t += BLOCK)
      tmpl[t] = a * T[t] + (1.0f - a) * W[(dy + t / tin) * win + dx + t % tin];
  }
}
