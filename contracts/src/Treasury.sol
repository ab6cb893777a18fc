// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";
import {ITreasury} from "./interfaces/ITreasury.sol";
import {Governed} from "./base/Governed.sol";

/// @notice One asset's treasury. Nobody, the governor included, can take tokens out except the
/// spender settling an intent from an agent's allowance, so a stolen governor key cannot drain it
/// in one call and every outflow has an AllowanceSpent beside it (the indexer's theft signal is an
/// outflow without one). The spender and streamer are wired by the deployer before ownership
/// passes to governance, because the router and the streamer are deployed after the treasury.
contract Treasury is ITreasury, Governed, ReentrancyGuard {
    using SafeERC20 for IERC20;

    IERC20 public immutable token;
    address public spender;
    address public streamer;
    uint256 public totalReserved;
    mapping(address agent => uint256) public allowanceBalance;

    constructor(address governor, IERC20 token_) Governed(governor) {
        token = token_;
    }

    function setSpender(address spender_) external onlyOwner {
        spender = spender_;
        emit SpenderSet(spender_);
    }

    function setStreamer(address streamer_) external onlyOwner {
        streamer = streamer_;
        emit StreamerSet(streamer_);
    }

    function liquidBalance() public view returns (uint256) {
        uint256 balance = token.balanceOf(address(this));
        // Only a token that takes balance away on its own (rebasing, fee-on-hold) gets here; say "nothing free".
        return balance > totalReserved ? balance - totalReserved : 0;
    }

    function deposit(uint256 amount) external nonReentrant {
        if (amount == 0) revert ZeroAmount();
        token.safeTransferFrom(msg.sender, address(this), amount);
        emit Deposited(msg.sender, amount);
    }

    function streamAllowance(address agent, uint256 amount) external {
        if (msg.sender != streamer && msg.sender != owner()) revert NotStreamer(msg.sender);
        if (amount == 0) revert ZeroAmount();
        uint256 free = liquidBalance();
        if (amount > free) revert InsufficientTreasury(free, amount);
        allowanceBalance[agent] += amount;
        totalReserved += amount;
        emit AllowanceStreamed(agent, amount);
    }

    function spendAllowance(address agent, uint256 amount, address to) external nonReentrant {
        if (msg.sender != spender) revert NotSpender(msg.sender);
        if (amount == 0) revert ZeroAmount();
        uint256 available = allowanceBalance[agent];
        if (amount > available) revert InsufficientAllowance(agent, available, amount);
        allowanceBalance[agent] = available - amount;
        totalReserved -= amount;
        token.safeTransfer(to, amount);
        emit AllowanceSpent(agent, to, amount);
    }
}
