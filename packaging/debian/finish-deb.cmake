# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Run by CPack (CPACK_PRE_BUILD_SCRIPTS) on the staged files, before dpkg-deb packs them: the
# two steps Debian policy asks of a package that debhelper would otherwise do (dh_compress,
# dh_installchangelogs). `cmake --install` keeps plain pages and no Debian changelog.
set(root "${CPACK_TEMPORARY_DIRECTORY}${CPACK_PACKAGING_INSTALL_PREFIX}")
file(GLOB pages "${root}/share/man/man1/*.1")
if(NOT pages)
    message(FATAL_ERROR "finish-deb.cmake: no manual pages under ${root}/share/man/man1")
endif()
# -n: no name or time stamp in the gzip header, so the package is reproducible.
foreach(page IN LISTS pages)
    execute_process(COMMAND gzip -9nf "${page}" RESULT_VARIABLE status)
    if(NOT status EQUAL 0)
        message(FATAL_ERROR "finish-deb.cmake: gzip ${page} failed (${status})")
    endif()
endforeach()
set(docdir "${root}/${CPACK_ROPE_DOCDIR}")
file(COPY_FILE "${CPACK_ROPE_DEBIAN_CHANGELOG}" "${docdir}/changelog.Debian")
execute_process(COMMAND gzip -9nf "${docdir}/changelog.Debian" RESULT_VARIABLE status)
if(NOT status EQUAL 0)
    message(FATAL_ERROR "finish-deb.cmake: gzip changelog.Debian failed (${status})")
endif()
