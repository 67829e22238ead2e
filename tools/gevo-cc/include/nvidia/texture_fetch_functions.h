// gevo-cc with NVIDIA's headers (--cuda-headers nvidia): clang 19's CUDA
// wrapper includes this header of CUDA 11 and older, which CUDA 12 dropped
// (texture fetches now come with the texture object API). Empty on purpose.
