# Tests of `jiang gui`, included from tests/CMakeLists.txt (label gui).
#
#   jiang_gui_tests  Catch2: the server in-process on a free port, spoken to over HTTP as the page does:
#                    every endpoint, bad input, the event stream, the engines, the ruling, the bounds,
#                    two sessions at once.
#   gui_browser      the page in headless Chromium, driven by playwright-core (gui/web/e2e): a game to
#                    mate by clicking, analysis with its lines and arrows, a PGN stepped through, a bad
#                    FEN, the board flipped (label browser; skipped when jiang was built without its
#                    page or no Chromium is installed).

add_executable(jiang_gui_tests gui_api.cpp)
target_link_libraries(jiang_gui_tests PRIVATE jiang_gui jiang_test_main)
# Test cases tagged [timing] wait on the wall clock (a clock running out): label timing, which the
# sanitizer build skips (jiang_discover_tests in tests/CMakeLists.txt).
jiang_discover_tests(jiang_gui_tests "gui/" LABEL gui)

if(JIANG_GUI_PAGE)
  add_test(NAME gui_browser COMMAND sh ${PROJECT_SOURCE_DIR}/gui/web/e2e/run.sh $<TARGET_FILE:jiang> ${JIANG_GUI_NODE_MODULES})
  set_tests_properties(gui_browser PROPERTIES LABELS "gui;browser" SKIP_RETURN_CODE 77 TIMEOUT 300)
endif()
