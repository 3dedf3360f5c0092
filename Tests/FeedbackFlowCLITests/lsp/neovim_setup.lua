-- A headless Neovim loads the shipped set-up (editors/neovim), opens the flow named by
-- $FLOW as a person would (`:edit`, so the file type starts the server), waits for the
-- diagnostics and prints `client N` (the clients attached) and each diagnostic's
-- `LINE:COLUMN CODE`, then quits.
--   FEEDBACKFLOW=BIN FLOW=FILE REPOSITORY=ROOT nvim --headless --clean -c "luafile neovim_setup.lua"
vim.opt.runtimepath:prepend(os.getenv("REPOSITORY") .. "/editors/neovim")
vim.cmd("filetype on")
require("feedbackflow").setup({ cmd = { os.getenv("FEEDBACKFLOW"), "lsp" } })
vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("FLOW")))
local buffer = vim.api.nvim_get_current_buf()
local done = vim.wait(20000, function()
  return #vim.diagnostic.get(buffer) > 0
end, 50)
if not done then
  io.stdout:write("no diagnostics\n")
end
io.stdout:write(string.format("clients %d\n", #vim.lsp.buf_get_clients(buffer)))
for _, d in ipairs(vim.diagnostic.get(buffer)) do
  io.stdout:write(string.format("%d:%d %s\n", d.lnum + 1, d.col + 1, tostring(d.code)))
end
for _, client in pairs(vim.lsp.get_active_clients()) do
  client.stop()
end
vim.cmd("qa!")
