# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
# rope-cli weights: the bundled synthetic model's table against an independent pure-Python
# reading of its safetensors file (check_weights.py), the JSON contract's shape, and exit 2 with
# a message for a folder without a model.
find_package(Python3 REQUIRED COMPONENTS Interpreter)
add_test(NAME cli_weights_synthetic
         COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/cli/check_weights.py
                 $<TARGET_FILE:rope-cli> ${PROJECT_SOURCE_DIR}/resources/weights/synthetic)
set_tests_properties(cli_weights_synthetic PROPERTIES LABELS cli)
add_test(NAME cli_weights_builtin_example COMMAND $<TARGET_FILE:rope-cli> weights --model synthetic)
set_tests_properties(cli_weights_builtin_example PROPERTIES LABELS cli PASS_REGULAR_EXPRESSION
    "^\\{\"rotary_dim\":32,\"layout\":\"half\",\"layers\":\\[\\{\"index\":0,\"q\":\\[\\[")
add_test(NAME cli_weights_missing_model COMMAND $<TARGET_FILE:rope-cli> weights)
set_tests_properties(cli_weights_missing_model PROPERTIES LABELS cli WILL_FAIL TRUE)
# The naming schemes (GPT-NeoX query_key_value, Mistral's consolidated wq/wk with params.json,
# Phi-3 qkv_proj, a sharded index) against an independent pure-Python reading of each layout.
add_test(NAME cli_weights_schemes
         COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/cli/check_weights_schemes.py
                 $<TARGET_FILE:rope-cli>)
set_tests_properties(cli_weights_schemes PROPERTIES LABELS cli)
