# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Batch RoPE kernels (included by core/CMakeLists.txt). The reference, the cache, the
# threading and the run-time dispatcher are compiled for the baseline target; each ISA file
# gets its own flags and is only called after a CPU check, so one binary runs on any x86-64.
find_package(Threads REQUIRED)
set(ROPE_KERNEL_DIR ${CMAKE_CURRENT_LIST_DIR})
target_sources(rope_core PRIVATE
    ${ROPE_KERNEL_DIR}/rope_cache.cpp
    ${ROPE_KERNEL_DIR}/rope_kernel_batch.cpp
    ${ROPE_KERNEL_DIR}/rope_kernel_reference.cpp
    ${ROPE_KERNEL_DIR}/rope_kernel_simd.cpp
    ${ROPE_KERNEL_DIR}/rope_bench.cpp)
target_link_libraries(rope_core PUBLIC Threads::Threads)

# The reference is the specification: a·c − b·s must be two rounded products and a rounded
# difference whatever -march a packager adds, so no FMA contraction.
set_source_files_properties(${ROPE_KERNEL_DIR}/rope_kernel_reference.cpp
                            PROPERTIES COMPILE_OPTIONS "-ffp-contract=off")

if(ROPE_ENABLE_SIMD AND CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$")
    target_sources(rope_core PRIVATE
        ${ROPE_KERNEL_DIR}/rope_kernel_sse2.cpp
        ${ROPE_KERNEL_DIR}/rope_kernel_avx2.cpp
        ${ROPE_KERNEL_DIR}/rope_kernel_avx512.cpp)
    # -ffp-contract=off: intrinsics are generic vector operations to GCC, which would otherwise
    # fuse a mul+add pair into an FMA behind our back and change the documented rounding.
    set_source_files_properties(${ROPE_KERNEL_DIR}/rope_kernel_sse2.cpp
                                PROPERTIES COMPILE_OPTIONS "-msse2;-ffp-contract=off")
    set_source_files_properties(${ROPE_KERNEL_DIR}/rope_kernel_avx2.cpp
                                PROPERTIES COMPILE_OPTIONS "-mavx2;-mfma;-ffp-contract=off")
    # GCC 12's avx512fintrin.h initialises _mm512_undefined_ps() from itself and then warns
    # about it (-Wmaybe-uninitialized, GCC PR 105593, fixed in GCC 13): silence it here only.
    set(rope_avx512_flags -mavx512f -mfma -ffp-contract=off)
    if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
        list(APPEND rope_avx512_flags -Wno-maybe-uninitialized)
    endif()
    set_source_files_properties(${ROPE_KERNEL_DIR}/rope_kernel_avx512.cpp
                                PROPERTIES COMPILE_OPTIONS "${rope_avx512_flags}")
    target_compile_definitions(rope_core PRIVATE ROPE_KERNEL_X86=1)
    message(STATUS "RoPE kernels: SIMD on (SSE2, AVX2+FMA, AVX-512F; chosen at run time)")
else()
    message(STATUS "RoPE kernels: SIMD off (Backend::Simd runs the reference loop)")
endif()
