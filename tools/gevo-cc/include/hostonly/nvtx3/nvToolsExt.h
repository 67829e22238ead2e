//===- nvtx3/nvToolsExt.h - gevo's stand-in for NVTX -*- C++ -*-===//
//
// Host-only stand-in (include/hostonly/, searched after every real header
// directory: with a CUDA toolkit, its own header-only NVTX 3 wins). NVTX
// annotates host code for profilers; gevo-cc compiles device code only, so
// the calls just need to parse: ranges, marks and event attributes.
//
//===----------------------------------------------------------------------===//
#ifndef NVTOOLSEXT_V3
#define NVTOOLSEXT_V3

#include <stddef.h>
#include <stdint.h>

#define NVTX_VERSION 3
#define NVTX_COLOR_UNKNOWN 0
#define NVTX_COLOR_ARGB 1
#define NVTX_MESSAGE_UNKNOWN 0
#define NVTX_MESSAGE_TYPE_ASCII 1
#define NVTX_MESSAGE_TYPE_UNICODE 2
#define NVTX_PAYLOAD_UNKNOWN 0

typedef uint64_t nvtxRangeId_t;
typedef struct nvtxDomainRegistration_st *nvtxDomainHandle_t;

typedef union nvtxMessageValue_t {
  const char *ascii;
  const wchar_t *unicode;
} nvtxMessageValue_t;

typedef struct nvtxEventAttributes_v2 {
  uint16_t version;
  uint16_t size;
  uint32_t category;
  int32_t colorType;
  uint32_t color;
  int32_t payloadType;
  int32_t reserved0;
  union {
    uint64_t ullValue;
    int64_t llValue;
    double dValue;
    uint32_t uiValue;
    int32_t iValue;
    float fValue;
  } payload;
  int32_t messageType;
  nvtxMessageValue_t message;
} nvtxEventAttributes_t;

#define NVTX_EVENT_ATTRIB_STRUCT_SIZE ((uint16_t)(sizeof(nvtxEventAttributes_t)))

#ifdef __cplusplus
extern "C" {
#endif
void nvtxMarkA(const char *message);
void nvtxMarkEx(const nvtxEventAttributes_t *eventAttrib);
nvtxRangeId_t nvtxRangeStartA(const char *message);
nvtxRangeId_t nvtxRangeStartEx(const nvtxEventAttributes_t *eventAttrib);
void nvtxRangeEnd(nvtxRangeId_t id);
int nvtxRangePushA(const char *message);
int nvtxRangePushEx(const nvtxEventAttributes_t *eventAttrib);
int nvtxRangePop(void);
void nvtxNameOsThreadA(uint32_t threadId, const char *name);
nvtxDomainHandle_t nvtxDomainCreateA(const char *name);
void nvtxDomainDestroy(nvtxDomainHandle_t domain);
#ifdef __cplusplus
}
#endif

#endif
