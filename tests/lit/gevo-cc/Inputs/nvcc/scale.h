#define SCALE_BY 3.0f
