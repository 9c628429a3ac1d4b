# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Batch RoPE kernels (included by core/CMakeLists.txt). The reference, the cache, the
# threading and the run-time dispatcher are compiled for the baseline target; each ISA file
# gets its own flags and is only called after a CPU check, so one binary runs on any x86-64.
# Sources are listed explicitly; the loop over rows/heads/pairs is rope_kernel_driver.h,
# included by each ISA file (which holds only its per-pair step).
find_package(Threads REQUIRED)
set(ROPE_KERNEL_DIR ${CMAKE_CURRENT_LIST_DIR})
target_sources(rope_core PRIVATE
    ${ROPE_KERNEL_DIR}/rope_bench.cpp
    ${ROPE_KERNEL_DIR}/rope_cache.cpp
    ${ROPE_KERNEL_DIR}/rope_ggml_style.cpp
    ${ROPE_KERNEL_DIR}/rope_kernel_batch.cpp
    ${ROPE_KERNEL_DIR}/rope_kernel_simd.cpp)
target_link_libraries(rope_core PUBLIC Threads::Threads)

# The scalar reference is the specification and the batch panel's "scalar" bar, so it must
# stay scalar in every build type:
# - -ffp-contract=off: x_a·c − x_b·s is two rounded products and a rounded difference
#   whatever -march a packager adds (no FMA);
# - -fno-tree-vectorize -fno-tree-slp-vectorize: GCC vectorises this loop at -O3 (Release)
#   and, with the "very cheap" cost model, could at -O2; the SIMD-vs-scalar contrast would then
#   silently shrink. It is its own object library so the CTest below can disassemble exactly
#   this object and fail on any packed arithmetic.
add_library(rope_kernel_reference OBJECT ${ROPE_KERNEL_DIR}/rope_kernel_reference.cpp)
target_include_directories(rope_kernel_reference PRIVATE ${PROJECT_SOURCE_DIR})
set_target_properties(rope_kernel_reference PROPERTIES POSITION_INDEPENDENT_CODE ON AUTOMOC OFF)
target_compile_options(rope_kernel_reference PRIVATE
    -ffp-contract=off
    $<$<CXX_COMPILER_ID:GNU,Clang>:-fno-tree-vectorize -fno-tree-slp-vectorize>)
target_sources(rope_core PRIVATE $<TARGET_OBJECTS:rope_kernel_reference>)
message(STATUS "RoPE kernels: scalar reference built with -fno-tree-vectorize "
               "-fno-tree-slp-vectorize (checked by CTest kernel_reference_is_scalar)")

# ggml's CPU rope, re-implemented as a comparison baseline (rope_ggml_style.h). llama.cpp's
# release builds compile ggml with -O3; so does this file (and, when SIMD is on, an AVX-512
# copy chosen at run time, as ggml's per-CPU variants are), so the baseline is not handicapped
# by our -O2.
set_source_files_properties(${ROPE_KERNEL_DIR}/rope_ggml_style.cpp PROPERTIES COMPILE_OPTIONS "-O3")

if(ROPE_ENABLE_SIMD AND CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$")
    set(ROPE_KERNEL_ISA_SOURCES
        ${ROPE_KERNEL_DIR}/rope_kernel_sse2.cpp
        ${ROPE_KERNEL_DIR}/rope_kernel_avx2.cpp
        ${ROPE_KERNEL_DIR}/rope_kernel_avx512.cpp
        ${ROPE_KERNEL_DIR}/rope_ggml_style_avx512.cpp)
    add_library(rope_kernel_isa OBJECT ${ROPE_KERNEL_ISA_SOURCES})
    target_include_directories(rope_kernel_isa PRIVATE ${PROJECT_SOURCE_DIR})
    set_target_properties(rope_kernel_isa PROPERTIES POSITION_INDEPENDENT_CODE ON AUTOMOC OFF)
    target_compile_definitions(rope_kernel_isa PRIVATE ROPE_KERNEL_X86=1)
    target_sources(rope_core PRIVATE $<TARGET_OBJECTS:rope_kernel_isa>)
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
    # The ggml-style baseline's AVX-512 copy: -O3 and GCC's default contraction, as ggml.
    set_source_files_properties(${ROPE_KERNEL_DIR}/rope_ggml_style_avx512.cpp
                                PROPERTIES COMPILE_OPTIONS "-O3;-mavx512f;-mavx2;-mfma")
    target_compile_definitions(rope_core PRIVATE ROPE_KERNEL_X86=1)
    message(STATUS "RoPE kernels: SIMD on (SSE2, AVX2+FMA, AVX-512F; chosen at run time)")
else()
    message(STATUS "RoPE kernels: SIMD off (Backend::Simd runs the reference loop)")
endif()

# The reference object must hold no packed (SIMD) arithmetic in this build type. The script
# is checked to fail on a vectorised object: the same test run on the SSE2 kernel object is
# expected to fail (WILL_FAIL), so the check cannot pass vacuously.
if(CMAKE_OBJDUMP)
    add_test(NAME kernel_reference_is_scalar
             COMMAND ${CMAKE_COMMAND} -DOBJDUMP=${CMAKE_OBJDUMP}
                     "-DOBJECTS=$<TARGET_OBJECTS:rope_kernel_reference>"
                     -P ${ROPE_KERNEL_DIR}/check_scalar_object.cmake)
    set_tests_properties(kernel_reference_is_scalar PROPERTIES LABELS core)
    if(TARGET rope_kernel_isa)
        add_test(NAME kernel_scalar_check_detects_simd
                 COMMAND ${CMAKE_COMMAND} -DOBJDUMP=${CMAKE_OBJDUMP}
                         "-DOBJECTS=$<TARGET_OBJECTS:rope_kernel_isa>"
                         -P ${ROPE_KERNEL_DIR}/check_scalar_object.cmake)
        set_tests_properties(kernel_scalar_check_detects_simd PROPERTIES LABELS core WILL_FAIL TRUE)
    endif()
endif()

# The ISA objects (kernels and the ggml-style AVX-512 copy) must define no weak symbol the linker could
# merge with a baseline copy (ODR). Control: rope_core's own objects do define some (std::
# templates), so the same check on them must fail.
if(CMAKE_NM AND TARGET rope_kernel_isa)
    add_test(NAME kernel_isa_objects_share_no_symbols
             COMMAND ${CMAKE_COMMAND} -DNM=${CMAKE_NM}
                     "-DOBJECTS=$<TARGET_OBJECTS:rope_kernel_isa>"
                     -P ${ROPE_KERNEL_DIR}/check_no_shared_symbols.cmake)
    set_tests_properties(kernel_isa_objects_share_no_symbols PROPERTIES LABELS core)
    add_test(NAME kernel_shared_symbol_check_detects_weak
             COMMAND ${CMAKE_COMMAND} -DNM=${CMAKE_NM}
                     "-DOBJECTS=$<TARGET_OBJECTS:rope_core>"
                     -P ${ROPE_KERNEL_DIR}/check_no_shared_symbols.cmake)
    set_tests_properties(kernel_shared_symbol_check_detects_weak PROPERTIES LABELS core WILL_FAIL TRUE)
endif()

