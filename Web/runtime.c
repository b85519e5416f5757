// The C runtime the WebAssembly engine needs and Embedded Swift does not bring: memory
// (posix_memalign, malloc, free) and the 128-bit multiply compiler-rt would supply
// (__multi3). Built by scripts/build-web.sh with the toolchain's clang for wasm32.
//
// Memory is a first-fit free list over blocks carved from the top of linear memory (grown
// with memory.grow); freed blocks are reused, never coalesced. One command runs per
// instance, so simplicity wins over fragmentation.
#include <stddef.h>
#include <stdint.h>

extern unsigned char __heap_base;

typedef struct Block {
  size_t size;         // usable bytes after the header
  struct Block *next;  // next free block (only while free)
} Block;

static uintptr_t heap_top = 0;
static Block *free_list = NULL;

static uintptr_t align_up(uintptr_t value, size_t alignment) {
  return (value + alignment - 1) & ~(uintptr_t)(alignment - 1);
}

static void *carve(size_t size, size_t alignment) {
  if (heap_top == 0) heap_top = (uintptr_t)&__heap_base;
  uintptr_t start = align_up(heap_top + sizeof(Block), alignment);
  uintptr_t end = start + size;
  size_t pages = __builtin_wasm_memory_size(0);
  if (end > pages * 65536) {
    size_t needed = (end - pages * 65536 + 65535) / 65536;
    if (__builtin_wasm_memory_grow(0, needed) == (size_t)-1) return NULL;
  }
  Block *block = (Block *)(start - sizeof(Block));
  block->size = size;
  heap_top = end;
  return (void *)start;
}

int posix_memalign(void **out, size_t alignment, size_t size) {
  if (alignment < 16) alignment = 16;
  size = (size + 15) & ~(size_t)15;
  Block **link = &free_list;
  for (Block *block = free_list; block; link = &block->next, block = block->next) {
    uintptr_t data = (uintptr_t)(block + 1);
    if (block->size >= size && (data & (alignment - 1)) == 0) {
      *link = block->next;
      *out = (void *)data;
      return 0;
    }
  }
  void *memory = carve(size, alignment);
  if (!memory) return 12;  // ENOMEM
  *out = memory;
  return 0;
}

void *malloc(size_t size) {
  void *memory = NULL;
  return posix_memalign(&memory, 16, size) == 0 ? memory : NULL;
}

void *calloc(size_t count, size_t size) {
  size_t total = count * size;
  if (size != 0 && total / size != count) return NULL;
  unsigned char *memory = malloc(total);
  if (memory) __builtin_memset(memory, 0, total);
  return memory;
}

void free(void *pointer) {
  if (!pointer) return;
  Block *block = (Block *)pointer - 1;
  block->next = free_list;
  free_list = block;
}

void *realloc(void *pointer, size_t size) {
  if (!pointer) return malloc(size);
  Block *block = (Block *)pointer - 1;
  if (block->size >= size) return pointer;
  void *moved = malloc(size);
  if (moved) {
    __builtin_memcpy(moved, pointer, block->size);
    free(pointer);
  }
  return moved;
}

// The low 128 bits of a 128-bit product, as compiler-rt's __multi3 (no builtins library
// ships for wasm32 here).
__int128 __multi3(__int128 a, __int128 b) {
  unsigned __int128 x = (unsigned __int128)a, y = (unsigned __int128)b;
  uint64_t xl = (uint64_t)x, xh = (uint64_t)(x >> 64), yl = (uint64_t)y, yh = (uint64_t)(y >> 64);
  uint64_t a0 = xl & 0xffffffffu, a1 = xl >> 32, b0 = yl & 0xffffffffu, b1 = yl >> 32;
  uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  uint64_t middle = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
  uint64_t low = (middle << 32) | (p00 & 0xffffffffu);
  uint64_t high = p11 + (p01 >> 32) + (p10 >> 32) + (middle >> 32) + xl * yh + xh * yl;
  return (__int128)(((unsigned __int128)high << 64) | low);
}
