# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Install rules, desktop integration (menu entry, icon, AppStream metainfo), manual pages and
# the Debian package. Included by one line at the end of the top-level CMakeLists.txt, after
# app/ has defined rope-explorer and rope-cli.
#
#   cmake --install build --prefix P      P/bin, P/share/{applications,metainfo,mime,icons,man,doc}
#   cpack -G DEB --config build/CPackConfig.cmake      rope-explorer_<version>-1_<arch>.deb
#   scripts/check-install.sh                           both, validated (see the script)
#
# Presets, lessons, the course and the .qm translations are compiled into the binaries
# as Qt resources, so the installed programs need no data files and no build tree.
if(NOT ROPE_BUILD_UI)
    message(STATUS "Packaging: off (the programs need ROPE_BUILD_UI=ON)")
    return()
endif()

include(GNUInstallDirs)
# GNUInstallDirs (already included by qt_standard_project_setup) names the documentation folder
# after the CMake project, RopeExplorer; Debian expects the package's name. A value given with
# -DCMAKE_INSTALL_DOCDIR=… is kept.
if(CMAKE_INSTALL_DOCDIR STREQUAL "${CMAKE_INSTALL_DATAROOTDIR}/doc/${PROJECT_NAME}")
    set(CMAKE_INSTALL_DOCDIR "${CMAKE_INSTALL_DATAROOTDIR}/doc/rope-explorer")
endif()

# One reverse-DNS id names the .desktop file, the icon, the metainfo and the running window
# (QGuiApplication::desktopFileName). The project owns no domain, so the id sits under the
# reserved .invalid TLD (RFC 2606), like the project's mail address, instead of borrowing a
# real host's namespace. appstreamcli notes "cid-maybe-not-rdns" (info level) for it.
set(ROPE_APP_ID "invalid.rope_explorer.RopeExplorer")
target_compile_definitions(rope-explorer PRIVATE ROPE_APP_ID="${ROPE_APP_ID}")

set(ROPE_PACKAGING_SOURCE ${CMAKE_CURRENT_LIST_DIR})
set(ROPE_PACKAGING_BINARY ${CMAKE_BINARY_DIR}/packaging)
# Date shown in the manual pages; honours SOURCE_DATE_EPOCH for reproducible builds.
string(TIMESTAMP ROPE_MAN_DATE "%Y-%m-%d" UTC)

configure_file(${ROPE_PACKAGING_SOURCE}/desktop/rope-explorer.desktop.in
               ${ROPE_PACKAGING_BINARY}/${ROPE_APP_ID}.desktop @ONLY)
configure_file(${ROPE_PACKAGING_SOURCE}/desktop/rope-explorer.metainfo.xml.in
               ${ROPE_PACKAGING_BINARY}/${ROPE_APP_ID}.metainfo.xml @ONLY)
configure_file(${ROPE_PACKAGING_SOURCE}/desktop/rope-explorer.mime.xml.in
               ${ROPE_PACKAGING_BINARY}/mime/${ROPE_APP_ID}.xml @ONLY)
configure_file(${ROPE_PACKAGING_SOURCE}/man/rope-explorer.1.in
               ${ROPE_PACKAGING_BINARY}/rope-explorer.1 @ONLY)

# PNG icons rendered from the one SVG at build time (Debian: librsvg2-bin), in the hicolor
# sizes desktops ask for when they do not scale SVG themselves.
find_program(ROPE_RSVG_CONVERT rsvg-convert)
if(NOT ROPE_RSVG_CONVERT)
    message(FATAL_ERROR "rsvg-convert not found: it renders the PNG icons "
                        "(Debian: apt-get install librsvg2-bin; scripts/setup.sh installs it)")
endif()
set(ROPE_ICON_SVG ${ROPE_PACKAGING_SOURCE}/icons/rope-explorer.svg)
set(ROPE_ICON_SIZES 16 24 32 48 64 128 256 512)
set(ROPE_ICON_PNGS)
foreach(size IN LISTS ROPE_ICON_SIZES)
    set(png ${ROPE_PACKAGING_BINARY}/icons/${size}x${size}/${ROPE_APP_ID}.png)
    add_custom_command(OUTPUT ${png}
        COMMAND ${CMAKE_COMMAND} -E make_directory ${ROPE_PACKAGING_BINARY}/icons/${size}x${size}
        COMMAND ${ROPE_RSVG_CONVERT} --width ${size} --height ${size} --output ${png}
                ${ROPE_ICON_SVG}
        DEPENDS ${ROPE_ICON_SVG}
        COMMENT "Rendering the ${size}x${size} icon"
        VERBATIM)
    list(APPEND ROPE_ICON_PNGS ${png})
endforeach()

# rope-cli(1) from the program's own --help (every command and option as the program
# defines them); rope_cli_man.py explains the format it reads.
find_package(Python3 3.9 REQUIRED COMPONENTS Interpreter)
add_custom_command(OUTPUT ${ROPE_PACKAGING_BINARY}/rope-cli.1
    COMMAND ${Python3_EXECUTABLE} ${ROPE_PACKAGING_SOURCE}/man/rope_cli_man.py
            --cli $<TARGET_FILE:rope-cli>
            --template ${ROPE_PACKAGING_SOURCE}/man/rope-cli.1.in
            --output ${ROPE_PACKAGING_BINARY}/rope-cli.1
            --version ${PROJECT_VERSION} --date ${ROPE_MAN_DATE}
    DEPENDS rope-cli ${ROPE_PACKAGING_SOURCE}/man/rope_cli_man.py
            ${ROPE_PACKAGING_SOURCE}/man/rope-cli.1.in
    COMMENT "Generating rope-cli.1 from rope-cli --help"
    VERBATIM)
add_custom_target(rope_packaging_files ALL
    DEPENDS ${ROPE_ICON_PNGS} ${ROPE_PACKAGING_BINARY}/rope-cli.1)

# qt_standard_project_setup() gives every target the install RPATH $ORIGIN:$ORIGIN/../lib, for
# projects that install their own shared libraries. This one links its libraries statically and
# takes Qt from the system, and Debian policy forbids an RPATH that is not needed.
set_target_properties(rope-explorer rope-cli PROPERTIES INSTALL_RPATH "")
install(TARGETS rope-explorer rope-cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${ROPE_PACKAGING_BINARY}/${ROPE_APP_ID}.desktop
        DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES ${ROPE_PACKAGING_BINARY}/${ROPE_APP_ID}.metainfo.xml
        DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
install(FILES ${ROPE_PACKAGING_BINARY}/mime/${ROPE_APP_ID}.xml
        DESTINATION ${CMAKE_INSTALL_DATADIR}/mime/packages)
install(FILES ${ROPE_ICON_SVG} DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps
        RENAME ${ROPE_APP_ID}.svg)
foreach(size IN LISTS ROPE_ICON_SIZES)
    install(FILES ${ROPE_PACKAGING_BINARY}/icons/${size}x${size}/${ROPE_APP_ID}.png
            DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/apps)
endforeach()
install(FILES ${ROPE_PACKAGING_BINARY}/rope-cli.1 ${ROPE_PACKAGING_BINARY}/rope-explorer.1
        DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${PROJECT_SOURCE_DIR}/README.md ${ROPE_PACKAGING_SOURCE}/debian/copyright
        DESTINATION ${CMAKE_INSTALL_DOCDIR})

# Tests (label "install"): the pages list every command and option the programs print, the
# generator reads Qt's help layout right (hand-written help texts), and a real install into a
# temporary prefix validates (no .deb here: scripts/check-install.sh).
add_test(NAME install_man_pages
         COMMAND ${Python3_EXECUTABLE} ${ROPE_PACKAGING_SOURCE}/man/check_man_pages.py
                 --cli $<TARGET_FILE:rope-cli> --cli-page ${ROPE_PACKAGING_BINARY}/rope-cli.1
                 --gui $<TARGET_FILE:rope-explorer>
                 --gui-page ${ROPE_PACKAGING_BINARY}/rope-explorer.1)
add_test(NAME install_man_generator
         COMMAND ${Python3_EXECUTABLE} ${ROPE_PACKAGING_SOURCE}/man/test_rope_cli_man.py)
add_test(NAME install_tree
         COMMAND ${PROJECT_SOURCE_DIR}/scripts/check-install.sh --build-dir ${CMAKE_BINARY_DIR}
                 --no-deb)
set_tests_properties(install_man_pages install_man_generator install_tree PROPERTIES
    LABELS install ENVIRONMENT "QT_QPA_PLATFORM=offscreen" TIMEOUT 300)

# Debian package: dpkg-shlibdeps derives Depends from the libraries the binaries link (Qt 6,
# QCustomPlot, libstdc++ …); the xcb and offscreen platform plugins ship in libqt6gui6.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME rope-explorer)
# ffmpeg adds MP4/WebM to the animation export (GIF and PNG frames need nothing more).
set(CPACK_DEBIAN_PACKAGE_SUGGESTS ffmpeg)
set(CPACK_PACKAGE_VENDOR "RoPE Explorer authors")
set(CPACK_PACKAGE_CONTACT "RoPE Explorer developers <dev@rope-explorer.invalid>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
# Line breaks kept: CPack indents each line for the control file, which wants < 80 columns.
string(JOIN "\n" CPACK_PACKAGE_DESCRIPTION
    "RoPE Explorer teaches rotary position embeddings (RoPE), the position encoding"
    "of most large language models: the frequency ladder, the relative identity,"
    "long-term decay, the smallest base for a context length, and the context-"
    "extension methods real models ship (linear, NTK-aware, dynamic NTK, YaRN,"
    "Llama 3), with live sliders, lessons and figure export. rope-cli gives the"
    "same numbers and figures headless.")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_RELEASE 1)
set(CPACK_DEBIAN_PACKAGE_SECTION education)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Wayland sessions run Qt through XWayland without it; with it, natively. The Chinese
# translation (--lang zh_CN, View > Language) needs a CJK font: without one, Han characters
# are drawn as boxes; qt6-translations-l10n translates Qt's own buttons and dialogs.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "qt6-wayland, fonts-noto-cjk, qt6-translations-l10n")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
# Compressed manual pages and a changelog.Debian.gz, as Debian policy asks (lintian: clean).
string(TIMESTAMP ROPE_DEB_DATE "%a, %d %b %Y %H:%M:%S +0000" UTC)
configure_file(${ROPE_PACKAGING_SOURCE}/debian/changelog.in
               ${ROPE_PACKAGING_BINARY}/changelog.Debian @ONLY)
set(CPACK_ROPE_DEBIAN_CHANGELOG ${ROPE_PACKAGING_BINARY}/changelog.Debian)
set(CPACK_ROPE_DOCDIR ${CMAKE_INSTALL_DOCDIR})
set(CPACK_PRE_BUILD_SCRIPTS ${ROPE_PACKAGING_SOURCE}/debian/finish-deb.cmake)
include(CPack)
