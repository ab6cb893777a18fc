// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

/// @notice A policy module answers one question: may `agent` send `value` (token base units) to `target`
/// with `data`? It is a view so the orchestrator can ask it off-chain before sending anything, and a
/// stack of modules (PolicyStack) is itself a module, so stacks nest.
/// Verdicts are plain uint8 (see Verdict.sol) rather than an enum so a module compiled elsewhere, or a
/// future verdict, still decodes instead of reverting in the ABI decoder.
interface IPolicyModule {
    function check(address agent, address target, uint256 value, bytes calldata data) external view returns (uint8 verdict);

    /// @notice A stable name for the module's type (`spend_cap`, `whitelist`, `rate_limit`, `time_window`,
    /// `stack`); readers type a bound module by it, and treat any other name as custom.
    function kind() external view returns (string memory);
}
